import type { AttendanceRequest, Crew, CrewRequest, Roster } from '@moba/contracts';

/** What accepting part of a crew answers: the heads taken and the moba's places now. */
export interface AcceptPartResult {
  positions: number;
  freePositions: number;
  totalPositions: number;
  acceptedMemberIds: string[];
}
import { baseApi } from '../../lib/api';

/** Crews (issue #20): the leader's crew, partial acceptance by an admin, the estate's roster and attendance. */
export const crewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    myCrew: build.query<Crew, void>({
      query: () => '/workers/me/crew',
      providesTags: [{ type: 'Me', id: 'CREW' }],
    }),
    saveCrew: build.mutation<Crew, CrewRequest>({
      query: (body) => ({ url: '/workers/me/crew', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Me', id: 'CREW' }],
    }),
    roster: build.query<Roster, string>({
      query: (vacancyId) => `/estates/vacancies/${vacancyId}/roster`,
      providesTags: (_r, _e, vacancyId) => [{ type: 'Application', id: `ROSTER-${vacancyId}` }],
    }),
    markAttendance: build.mutation<Roster, { vacancyId: string } & AttendanceRequest>({
      query: ({ vacancyId, marks }) => ({
        url: `/estates/vacancies/${vacancyId}/attendance`,
        method: 'POST',
        body: { marks },
      }),
      // The answer is the new roster: put it in the cache instead of asking again.
      async onQueryStarted({ vacancyId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(crewApi.util.upsertQueryData('roster', vacancyId, data));
        } catch {
          /* the screen shows the error */
        }
      },
    }),
    acceptPartOfCrew: build.mutation<AcceptPartResult, { applicationId: string; memberIds: string[] }>({
      query: ({ applicationId, memberIds }) => ({
        url: `/admin/applications/${applicationId}/accept-part`,
        method: 'POST',
        body: { memberIds },
      }),
      invalidatesTags: (_r, _e, { applicationId }) => [
        { type: 'Application', id: applicationId },
        { type: 'Application', id: 'PENDING' },
        'Stats',
        'Vacancy',
      ],
    }),
  }),
});

export const {
  useMyCrewQuery,
  useSaveCrewMutation,
  useRosterQuery,
  useMarkAttendanceMutation,
  useAcceptPartOfCrewMutation,
} = crewApi;
