import { baseApi } from '../../lib/api';
import type { ChangePasswordInput, Language } from '@moba/contracts';

/**
 * Account calls of spec §7 that their own pages make: e-mail confirmation and passwords. Apart
 * from api.ts (sign-in and the signed-in shell's calls), so a worker's first visit does not load them.
 */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const {
  useVerifyEmailMutation,
  useResetPasswordMutation,
  useSetNewPasswordMutation,
  useChangePasswordMutation,
} = accountApi;
