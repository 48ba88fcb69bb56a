import { baseApi } from '../../lib/api';

/** POST /payment/create {purpose: 'featuring', vacancyId}: answers the checkout URL as text (spec §7). */
export const featuringApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createFeaturingPayment: build.mutation<string, string>({
      query: (vacancyId) => ({
        url: '/payment/create',
        method: 'POST',
        body: { purpose: 'featuring', vacancyId },
        responseHandler: 'text',
      }),
      invalidatesTags: ['Payment'],
    }),
  }),
});

export const { useCreateFeaturingPaymentMutation } = featuringApi;

/**
 * Leaves the SPA for the checkout (or, for the promo's free featuring, for the SPA's result page).
 * Only same-origin or http(s) URLs are followed; the tests replace it to observe the jump.
 */
export function goToCheckout(url: string): void {
  const target = new URL(url.trim(), window.location.href);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error('payment URL not available');
  window.location.assign(target.href);
}
