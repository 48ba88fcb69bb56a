import type { ApprovedApplicant, MyVacancy, VacancyItem } from '@moba/contracts';
import { baseApi } from '../../lib/api';
import { splitByStatus, type EstateMobas } from './split';

export type { EstateMobas } from './split';

/** "My mobas" of both roles (spec §7): the worker's active/finished, the estate's own list, delete, approved applicants. */
export const myMobasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    myActiveVacancies: build.query<MyVacancy[], void>({
      query: () => '/workers/vacancies/my/active',
      providesTags: [{ type: 'MyVacancy', id: 'ACTIVE' }],
    }),
    myFinishedVacancies: build.query<MyVacancy[], void>({
      query: () => '/workers/vacancies/my/finished',
      providesTags: [{ type: 'MyVacancy', id: 'FINISHED' }],
    }),
    estateVacancies: build.query<EstateMobas, void>({
      query: () => '/estates/vacancies/all',
      // The service answers one list newest first; split it here (older builds answered {active, past}).
      transformResponse: (body: VacancyItem[] | EstateMobas) =>
        Array.isArray(body) ? splitByStatus(body) : body,
      providesTags: [{ type: 'MyVacancy', id: 'ESTATE' }],
    }),
    deleteVacancy: build.mutation<unknown, string>({
      query: (id) => ({ url: `/estates/vacancies/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'MyVacancy', id: 'ESTATE' }],
    }),
    approvedApplicants: build.query<ApprovedApplicant[], string>({
      query: (id) => `/estates/vacancies/${id}/applicants/approved`,
      providesTags: (_r, _e, id) => [{ type: 'Application', id }],
    }),
  }),
});

export const {
  useMyActiveVacanciesQuery,
  useMyFinishedVacanciesQuery,
  useEstateVacanciesQuery,
  useDeleteVacancyMutation,
  useApprovedApplicantsQuery,
} = myMobasApi;
