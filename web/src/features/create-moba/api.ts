import type { CreateVacancy, CreateVacancyResult } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** POST /estates/vacancies/create → {id, featuring} (spec §7; the service decides free or paid). */
export const createMobaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createVacancy: build.mutation<CreateVacancyResult, CreateVacancy>({
      query: (body) => ({ url: '/estates/vacancies/create', method: 'POST', body }),
      invalidatesTags: [
        { type: 'MyVacancy', id: 'ESTATE' },
        { type: 'Vacancy', id: 'OPEN' },
        { type: 'Payment', id: 'OFFER' },
      ],
    }),
  }),
});

export const { useCreateVacancyMutation } = createMobaApi;
