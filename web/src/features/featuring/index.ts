/** Featuring a moba: the offer and the checkout, used where an estate creates or lists its mobas. */
export { useFeaturingOfferQuery } from './api';
export { useFeaturingCheckout } from './useFeaturingCheckout';
