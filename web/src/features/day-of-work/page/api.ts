import type { MobaPage } from '@moba/contracts';
import { baseApi } from '../../../lib/api';

/** A moba's public page (GET /vacancies/:id): the same for a visitor and every role. */
export const mobaPageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    mobaPage: build.query<MobaPage, string>({
      query: (id) => `/vacancies/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Vacancy', id }],
    }),
  }),
});

export const { useMobaPageQuery } = mobaPageApi;
