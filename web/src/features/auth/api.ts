import { baseApi } from '../../lib/api';
import type { CurrentUser, Language, EstateProfile, LoginInput, WorkerProfile } from '@moba/contracts';

/** Where each role reads its own account; every answer carries the first-login guidance choice. */
const meUrl = { Worker: '/workers/me', Estate: '/estates/me', Admin: '/users/me' } as const;

/** Sign-in and the signed-in shell's calls (spec §7): log in, out, the account, its language, guidance. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ token: string; userId: string }, LoginInput>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
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
  useMeQuery,
  useDontShowGuidanceMutation,
  useSetLanguageMutation,
  useLogoutMutation,
} = authApi;
