import type { DayOfWorkState, MobaDayOfWork, SetDayOfWork } from '@moba/contracts';
import { baseApi } from '../../../lib/api';

/** The cache entry of one moba's day of work (the MyVacancy tag type, an id of its own). */
const tag = (vacancyId: string) => ({ type: 'MyVacancy' as const, id: `day-of-work:${vacancyId}` });

/**
 * GET /mobas/:id/day-of-work (application service: the accepted people, the estate, admins) and
 * PUT /estates/vacancies/:id/day-of-work (vacancy service: the estate's own moba).
 */
export const meetingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    mobaDayOfWork: build.query<MobaDayOfWork, string>({
      query: (vacancyId) => `/mobas/${vacancyId}/day-of-work`,
      providesTags: (_result, _error, vacancyId) => [tag(vacancyId)],
    }),
    setDayOfWork: build.mutation<DayOfWorkState, { vacancyId: string; body: SetDayOfWork }>({
      query: ({ vacancyId, body }) => ({
        url: `/estates/vacancies/${vacancyId}/day-of-work`,
        method: 'PUT',
        body,
      }),
      // The answer is what the moba has now; the application service's copy follows by event.
      async onQueryStarted({ vacancyId }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        const { data } = answer;
        dispatch(
          meetingApi.util.updateQueryData('mobaDayOfWork', vacancyId, (draft) => {
            draft.meeting = data.meeting;
            draft.confirmation = data.confirmation;
          }),
        );
      },
    }),
  }),
});

export const { useMobaDayOfWorkQuery, useSetDayOfWorkMutation } = meetingApi;
