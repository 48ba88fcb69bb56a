import type {
  CancelApplicationRequest,
  ReleaseResult,
  RemoveApplicationRequest,
  TakePlaceResult,
  WorkerReliability,
} from '@moba/contracts';
import { baseApi } from '../../../lib/api';

/** Standby, cancellation and reliability (issue #31): the application service's routes. */
export const standbyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cancelPlace: build.mutation<ReleaseResult, { applicationId: string; body: CancelApplicationRequest }>({
      query: ({ applicationId, body }) => ({
        url: `/workers/applications/${applicationId}/cancel`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [{ type: 'MyVacancy', id: 'ACTIVE' }, { type: 'Application' }],
    }),
    takePlace: build.mutation<TakePlaceResult, string>({
      query: (applicationId) => ({
        url: `/workers/applications/${applicationId}/take-place`,
        method: 'POST',
      }),
      invalidatesTags: [{ type: 'MyVacancy', id: 'ACTIVE' }, { type: 'Application' }],
    }),
    removeFromMoba: build.mutation<
      ReleaseResult,
      { applicationId: string; vacancyId: string; body: RemoveApplicationRequest }
    >({
      query: ({ applicationId, body }) => ({
        url: `/estates/applications/${applicationId}/remove`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { vacancyId }) => [
        { type: 'Application', id: vacancyId },
        { type: 'MyVacancy', id: 'ESTATE' },
      ],
    }),
    myReliability: build.query<WorkerReliability, void>({
      query: () => '/workers/me/reliability',
      providesTags: [{ type: 'Me', id: 'RELIABILITY' }],
    }),
  }),
});

export const {
  useCancelPlaceMutation,
  useTakePlaceMutation,
  useRemoveFromMobaMutation,
  useMyReliabilityQuery,
} = standbyApi;
