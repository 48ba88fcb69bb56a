import type {
  EstateForRating,
  RateEstateBody,
  RateWorkerBody,
  RateWorkersBody,
  UserRatings,
  WorkersForRating,
} from '@moba/contracts';
import { baseApi } from '../../lib/api';

interface RatingResult {
  ratingId: string;
  ratedUserId: string;
  average: number;
  count: number;
}

/** Rating calls of spec §7: rate the estate, rate workers one by one or all at once, received ratings. */
export const ratingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    myRatings: build.query<UserRatings, void>({
      query: () => '/users/me/ratings',
      providesTags: [{ type: 'Rating', id: 'ME' }],
    }),
    estateForRating: build.query<EstateForRating, string>({
      query: (vacancyId) => `/workers/vacancy/${vacancyId}/estate/for-rating`,
      providesTags: (_r, _e, id) => [{ type: 'Rating', id }],
    }),
    rateEstate: build.mutation<RatingResult, { estateId: string; body: RateEstateBody }>({
      query: ({ estateId, body }) => ({ url: `/users/${estateId}/rate/estate`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { body }) => [{ type: 'Rating', id: body.vacancyId }],
    }),
    workersForRating: build.query<WorkersForRating, string>({
      query: (vacancyId) => `/estates/vacancy/${vacancyId}/workers/for-rating`,
      providesTags: (_r, _e, id) => [{ type: 'Rating', id }],
    }),
    rateWorker: build.mutation<RatingResult, { workerId: string; body: RateWorkerBody }>({
      query: ({ workerId, body }) => ({ url: `/users/${workerId}/rate/worker`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { body }) => [{ type: 'Rating', id: body.vacancyId }],
    }),
    rateWorkers: build.mutation<{ ratings: RatingResult[] }, RateWorkersBody>({
      query: (body) => ({ url: '/users/rate/workers', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [{ type: 'Rating', id: body.vacancyId }],
    }),
  }),
});

export const {
  useMyRatingsQuery,
  useEstateForRatingQuery,
  useRateEstateMutation,
  useWorkersForRatingQuery,
  useRateWorkerMutation,
  useRateWorkersMutation,
} = ratingsApi;
