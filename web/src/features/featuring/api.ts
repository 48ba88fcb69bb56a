import type { FeatureVacancyResult, FeaturingOffer } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** Featuring a moba: what it costs the estate now, asking for it later, and the payment that follows (spec §7). */
export const featuringApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    featuringOffer: build.query<FeaturingOffer, void>({
      query: () => '/estates/featuring-offer',
      providesTags: [{ type: 'Payment', id: 'OFFER' }],
    }),
    /** Features an own published moba: free at once (the promo), or paid, and then the checkout follows. */
    featureVacancy: build.mutation<FeatureVacancyResult, string>({
      query: (vacancyId) => ({ url: `/estates/vacancies/${vacancyId}/feature`, method: 'POST', body: {} }),
      invalidatesTags: [
        { type: 'MyVacancy', id: 'ESTATE' },
        { type: 'Vacancy', id: 'OPEN' },
        { type: 'Payment', id: 'OFFER' },
      ],
    }),
    /** POST /payment/create {purpose: 'featuring', vacancyId}: answers the checkout URL as text. */
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

export const { useFeaturingOfferQuery, useFeatureVacancyMutation, useCreateFeaturingPaymentMutation } =
  featuringApi;

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
