import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { clearSession, getToken } from './storage';
import { setLoginNotice } from './login-notice';
import { endSession, goToLogin } from './unauthorized';
import { fieldsFromDetails } from './issue-token';
import { takeEarly } from './early-fetch';

/** Calls a visitor makes: no bearer token, and their 401 (a wrong password) is an ordinary error. */
export const publicEndpoints = new Set([
  'login',
  'verifyEmail',
  'resetPassword',
  'setNewPassword',
  'signupWorker',
  'signupEstate',
]);

type FetchFn = (input: RequestInfo, init?: RequestInit) => Promise<Response>;

/** fetch, or the answer to the same request started before the page's code arrived. */
const fetchOrEarly: FetchFn = async (input, init) =>
  (input instanceof Request ? await takeEarly(input) : undefined) ?? fetch(input, init);

/**
 * The base query: adds the bearer token; a 401 on a call that carried a token clears all storage
 * and goes to /login (spec §4, §8). A 401 without a token (a wrong password) is an ordinary error.
 */
export function createBaseQuery(
  fetchFn?: FetchFn,
  baseUrl = '/api',
): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const raw = fetchBaseQuery({
    baseUrl,
    fetchFn: fetchFn ?? fetchOrEarly,
    prepareHeaders: (headers, { endpoint }) => {
      const token = getToken();
      if (token && !publicEndpoints.has(endpoint)) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return async (args, api, extra) => {
    const hadToken = Boolean(getToken()) && !publicEndpoints.has(api.endpoint);
    const result = await raw(args, api, extra);
    if (hadToken && result.error?.status === 401) {
      if (apiErrorInfo(result.error).code === 'AUTH.BANNED') setLoginNotice('banned');
      endSession(() => {
        clearSession();
        api.dispatch(baseApi.util.resetApiState());
        goToLogin();
      });
    }
    return result;
  };
}

export const tagTypes = [
  'Notification',
  'Me',
  'Vacancy',
  'MyVacancy',
  'Application',
  'GuestApplication',
  'Rating',
  'User',
  'Stats',
  'Payment',
  'Audit',
] as const;

/** The one createApi; every feature adds its endpoints with baseApi.injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes,
  endpoints: () => ({}),
});

/** The server's error body: {error: {code, message, details}} — or a literal text body. */
export interface ApiErrorInfo {
  status: number | string;
  code: string | null;
  message: string | null;
  fields: Record<string, string>;
}

export function apiErrorInfo(error: unknown): ApiErrorInfo {
  const info: ApiErrorInfo = { status: 'UNKNOWN', code: null, message: null, fields: {} };
  if (!error || typeof error !== 'object') return info;
  const e = error as { status?: number | string; originalStatus?: number; data?: unknown };
  info.status = e.originalStatus ?? e.status ?? 'UNKNOWN';
  const data = e.data;
  if (typeof data === 'string') {
    info.message = data;
  } else if (data && typeof data === 'object' && 'error' in data) {
    const body = (data as { error: unknown }).error;
    if (typeof body === 'string') info.message = body;
    else if (body && typeof body === 'object') {
      const b = body as {
        code?: string;
        message?: string;
        details?: { field: string; code?: string; limit?: number }[];
      };
      info.code = b.code ?? null;
      info.message = b.message ?? null;
      info.fields = fieldsFromDetails(b.details ?? []);
    }
  }
  return info;
}
