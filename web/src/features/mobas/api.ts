import type { ApplyRequest, MyApplicationStatus, VacancyFiltersInput, VacancyPage } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** Worker side of the vacancy and application services: browse open mobas, apply (spec §7). */
export const mobasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    openVacancies: build.query<VacancyPage, VacancyFiltersInput>({
      query: (filters) => ({ url: '/workers/vacancies/open', method: 'POST', body: filters }),
      providesTags: [{ type: 'Vacancy', id: 'OPEN' }],
    }),
    /** Where the worker's own applications stand: the browse cards show it instead of "apply". */
    myApplications: build.query<MyApplicationStatus[], void>({
      query: () => '/workers/applications',
      providesTags: [{ type: 'Application', id: 'MINE' }],
    }),
    apply: build.mutation<unknown, ApplyRequest>({
      query: (body) => ({
        url: '/applications/create',
        method: 'POST',
        body,
        responseHandler: 'content-type',
      }),
      invalidatesTags: [{ type: 'Vacancy', id: 'OPEN' }, { type: 'Application', id: 'MINE' }, 'MyVacancy'],
    }),
  }),
});

export const { useOpenVacanciesQuery, useMyApplicationsQuery, useApplyMutation } = mobasApi;
