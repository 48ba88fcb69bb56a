import { baseApi } from '../../lib/api';
import type {
  ChangePasswordInput,
  CurrentUser,
  Language,
  EstateProfile,
  LoginInput,
  SignupEstateInput,
  SignupWorkerInput,
  WorkerProfile,
} from '@moba/contracts';

/** Where each role reads its own account; every answer carries the first-login guidance choice. */
const meUrl = { Worker: '/workers/me', Estate: '/estates/me', Admin: '/users/me' } as const;

/** Auth calls of spec §7: log in, e-mail confirmation, passwords, sign-up, profile, guidance. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ token: string; userId: string }, LoginInput>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<unknown, { token: string }>({
      query: (body) => ({ url: '/verify-email', method: 'POST', body }),
    }),
    resetPassword: build.mutation<unknown, { email: string; language: Language }>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
    setNewPassword: build.mutation<unknown, { token: string; password: string; confirmPassword: string }>({
      query: (body) => ({ url: '/set-new-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<unknown, ChangePasswordInput>({
      query: (body) => ({ url: '/users/me/password', method: 'POST', body }),
    }),
    signupWorker: build.mutation<{ userId: string }, SignupWorkerInput>({
      query: (body) => ({ url: '/signup-worker', method: 'POST', body }),
    }),
    signupEstate: build.mutation<{ userId: string }, SignupEstateInput>({
      query: (body) => ({ url: '/signup-estate', method: 'POST', body }),
    }),
    me: build.query<WorkerProfile | EstateProfile | CurrentUser, keyof typeof meUrl>({
      query: (role) => meUrl[role],
      providesTags: ['Me'],
    }),
    setLanguage: build.mutation<unknown, { language: Language }>({
      query: (body) => ({ url: '/users/me/language', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    /** Ends this session on the server: its token is refused from now on. */
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
    dontShowGuidance: build.mutation<unknown, void>({
      query: () => ({
        url: '/users/me/dont-show-guidance',
        method: 'POST',
        body: { dontShowGuidance: true },
      }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  useLoginMutation,
  useVerifyEmailMutation,
  useResetPasswordMutation,
  useSetNewPasswordMutation,
  useChangePasswordMutation,
  useSignupWorkerMutation,
  useSignupEstateMutation,
  useMeQuery,
  useDontShowGuidanceMutation,
  useSetLanguageMutation,
  useLogoutMutation,
} = authApi;
