import type { Crew, CrewRequest } from '@moba/contracts';

/** What accepting part of a crew answers: the heads taken and the moba's places now. */
export interface AcceptPartResult {
  positions: number;
  freePositions: number;
  totalPositions: number;
  acceptedMemberIds: string[];
}
import { baseApi } from '../../lib/api';

/** Crews (issue #20): the leader's crew and partial acceptance by an admin (the roster: day-of-work/attendance). */
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

export const { useMyCrewQuery, useSaveCrewMutation, useAcceptPartOfCrewMutation } = crewApi;
