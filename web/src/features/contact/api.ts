import type { ContactUsBody } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** POST /contact-us (spec §7): visitors and every role. */
export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    contactUs: build.mutation<{ ok: true; id: string }, ContactUsBody>({
      query: (body) => ({ url: '/contact-us', method: 'POST', body, responseHandler: 'content-type' }),
    }),
  }),
});

export const { useContactUsMutation } = contactApi;
