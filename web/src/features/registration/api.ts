import { baseApi } from '../../lib/api';
import type { SignupEstateInput, SignupWorkerInput } from '@moba/contracts';

/** Sign-up calls of spec §7: only the registration pages make them. */
export const registrationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signupWorker: build.mutation<{ userId: string }, SignupWorkerInput>({
      query: (body) => ({ url: '/signup-worker', method: 'POST', body }),
    }),
    signupEstate: build.mutation<{ userId: string }, SignupEstateInput>({
      query: (body) => ({ url: '/signup-estate', method: 'POST', body }),
    }),
  }),
});

export const { useSignupWorkerMutation, useSignupEstateMutation } = registrationApi;
