import type { CreateVacancy } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** POST /estates/vacancies/create → {id} (spec §7). */
export const createMobaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createVacancy: build.mutation<{ id: string }, CreateVacancy>({
      query: (body) => ({ url: '/estates/vacancies/create', method: 'POST', body }),
      invalidatesTags: [
        { type: 'MyVacancy', id: 'ESTATE' },
        { type: 'Vacancy', id: 'OPEN' },
      ],
    }),
  }),
});

export const { useCreateVacancyMutation } = createMobaApi;
