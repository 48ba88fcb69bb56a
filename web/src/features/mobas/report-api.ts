import type { ReportVacancyInput } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** A worker reports a moba (POST /workers/vacancies/{id}/report). */
export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    reportVacancy: build.mutation<
      { reported: true; reports: number },
      { vacancyId: string; body: ReportVacancyInput }
    >({
      query: ({ vacancyId, body }) => ({
        url: `/workers/vacancies/${vacancyId}/report`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useReportVacancyMutation } = reportApi;
