import type { ReviewDecisionInput, ReviewQueueItem } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** The admin's queue of held and reported mobas, and the decision on one. */
export const reviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    reviewQueue: build.query<ReviewQueueItem[], void>({
      query: () => ({ url: '/admin/vacancies/review', method: 'POST', body: {} }),
      providesTags: [{ type: 'Vacancy', id: 'REVIEW' }],
    }),
    decideReview: build.mutation<unknown, { vacancyId: string } & ReviewDecisionInput>({
      query: ({ vacancyId, ...body }) => ({
        url: `/admin/vacancies/${vacancyId}/decide`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [{ type: 'Vacancy', id: 'REVIEW' }, 'Vacancy', { type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useReviewQueueQuery, useDecideReviewMutation } = reviewApi;
