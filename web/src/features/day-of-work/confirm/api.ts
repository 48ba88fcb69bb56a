import type { ConfirmationAnswerRequest, ConfirmationView, DayBoard } from '@moba/contracts';
import { baseApi } from '../../../lib/api';

/** Confirmations (issue #31): the worker's answer, the estate's day board. */
export const confirmApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    answerConfirmation: build.mutation<
      ConfirmationView,
      { applicationId: string } & ConfirmationAnswerRequest
    >({
      query: ({ applicationId, ...body }) => ({
        url: `/workers/applications/${applicationId}/confirmation`,
        method: 'POST',
        body,
      }),
      // My mobas shows the answer (and, after a "no", the application as cancelled).
      invalidatesTags: [{ type: 'MyVacancy', id: 'ACTIVE' }],
    }),
    dayBoard: build.query<DayBoard, { vacancyId: string; day?: string }>({
      query: ({ vacancyId, day }) => `/estates/vacancies/${vacancyId}/board${day ? `?day=${day}` : ''}`,
      providesTags: (_r, _e, { vacancyId }) => [{ type: 'Application', id: `BOARD-${vacancyId}` }],
    }),
  }),
});

export const { useAnswerConfirmationMutation, useDayBoardQuery } = confirmApi;
