import type { CrewInvitation, CrewInvitationAnswer } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/**
 * Crew invitations (issue #33): a worker's unanswered invitations and their answer. Apart from the
 * crew api, which the browse page loads for the crew picker, so only the profile page carries it.
 */
export const crewInvitationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    myCrewInvitations: build.query<CrewInvitation[], void>({
      query: () => '/workers/me/crew-invitations',
      providesTags: [{ type: 'Me', id: 'CREW_INVITATIONS' }],
    }),
    answerCrewInvitation: build.mutation<CrewInvitationAnswer, { id: string; accept: boolean }>({
      query: ({ id, accept }) => ({
        url: `/workers/me/crew-invitations/${id}/${accept ? 'accept' : 'decline'}`,
        method: 'POST',
      }),
      invalidatesTags: [{ type: 'Me', id: 'CREW_INVITATIONS' }],
    }),
  }),
});

export const { useMyCrewInvitationsQuery, useAnswerCrewInvitationMutation } = crewInvitationsApi;
