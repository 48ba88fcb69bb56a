import type {
  BulkDecisionRequest,
  BulkDecisionResult,
  DailyStats,
  GuestMatch,
  QueueFilterInput,
  PendingApplicationsPage,
  PendingQueueQueryInput,
  GuestApplicationsPage,
  QueueHealth,
  VacancyMatches,
  AdminStats,
  AdminUserItem,
  AdminUsersQuery,
  GuestApplication,
  VacancyFiltersInput,
  VacancyPage,
} from '@moba/contracts';
import { baseApi } from '../../lib/api';

export interface AcceptResult {
  applicationId: string;
  vacancyId: string;
  positions: number;
  freePositions: number;
  totalPositions: number;
}

export interface AdminUsersPage {
  items: AdminUserItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** Which admin list of vacancies (spec §7: POST /admin/vacancies/open, /admin/vacancies/all). */
export type VacancyScope = 'open' | 'all';

/** Admin calls of spec §7: applications, guest applications, notes, vacancies, users, statistics. */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pendingApplications: build.query<PendingApplicationsPage, PendingQueueQueryInput>({
      query: (query) => ({ url: '/admin/applications/pending', method: 'POST', body: query }),
      providesTags: (data) => [
        { type: 'Application', id: 'PENDING' },
        ...(data?.items ?? []).map((a) => ({ type: 'Application' as const, id: a.id })),
      ],
    }),
    pendingGuests: build.query<GuestApplicationsPage, { page: number; pageSize: number }>({
      query: (paging) => ({ url: '/admin/applications/guest/pending', method: 'POST', body: paging }),
      providesTags: (data) => [
        { type: 'GuestApplication', id: 'PENDING' },
        ...(data?.items ?? []).map((g) => ({ type: 'GuestApplication' as const, id: g.id })),
      ],
    }),
    guestApplication: build.query<GuestApplication, string>({
      query: (id) => `/admin/applications/${id}/guest/pending`,
      providesTags: (_r, _e, id) => [{ type: 'GuestApplication', id }],
    }),
    acceptApplication: build.mutation<AcceptResult, string>({
      query: (id) => ({ url: `/admin/applications/${id}/accept`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Application', id },
        { type: 'Application', id: 'PENDING' },
        'Stats',
        'Vacancy',
      ],
    }),
    rejectApplication: build.mutation<unknown, string>({
      query: (id) => ({ url: `/admin/applications/${id}/reject`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Application', id },
        { type: 'Application', id: 'PENDING' },
        'Stats',
      ],
    }),
    acceptGuest: build.mutation<AcceptResult, { guestId: string; vacancyId: string }>({
      query: ({ guestId, vacancyId }) => ({
        url: `/admin/applications/guest/${guestId}/accept`,
        method: 'POST',
        body: { vacancyId },
        // 'already applied' is a literal text body (spec §8): read every answer as text first.
        responseHandler: 'content-type',
      }),
      invalidatesTags: (_r, _e, { guestId }) => [
        { type: 'GuestApplication', id: guestId },
        { type: 'GuestApplication', id: 'PENDING' },
        'Stats',
        'Vacancy',
      ],
    }),
    updateNote: build.mutation<unknown, { id: string; note: string; guest: boolean }>({
      query: ({ id, note }) => ({
        url: `/admin/applications/${id}/update-note`,
        method: 'PUT',
        body: { note },
      }),
      invalidatesTags: (_r, _e, { id, guest }) => [
        guest ? { type: 'GuestApplication' as const, id } : { type: 'Application' as const, id },
      ],
    }),
    adminVacancies: build.query<VacancyPage, { scope: VacancyScope; filters: VacancyFiltersInput }>({
      query: ({ scope, filters }) => ({ url: `/admin/vacancies/${scope}`, method: 'POST', body: filters }),
      providesTags: ['Vacancy'],
    }),
    adminUsers: build.query<AdminUsersPage, Partial<AdminUsersQuery>>({
      query: (body) => ({ url: '/admin/users/all', method: 'POST', body }),
      providesTags: ['User'],
    }),
    banUser: build.mutation<unknown, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/users/${id}/ban`, method: 'POST', body: { reason } }),
      invalidatesTags: ['User'],
    }),
    reactivateUser: build.mutation<unknown, string>({
      query: (id) => ({ url: `/admin/users/${id}/reactivate`, method: 'POST', body: {} }),
      invalidatesTags: ['User'],
    }),
    adminStats: build.query<AdminStats, void>({
      query: () => '/admin/stats',
      providesTags: ['Stats'],
    }),
    queueHealth: build.query<QueueHealth, QueueFilterInput>({
      query: (filter) => ({ url: '/admin/applications/queue', method: 'POST', body: filter }),
      providesTags: [{ type: 'Application', id: 'PENDING' }, 'Vacancy'],
    }),
    decideApplications: build.mutation<BulkDecisionResult, BulkDecisionRequest>({
      query: (body) => ({ url: '/admin/applications/decisions', method: 'POST', body }),
      invalidatesTags: [{ type: 'Application', id: 'PENDING' }, 'Stats', 'Vacancy'],
    }),
    decisionBatch: build.query<BulkDecisionResult, string>({
      query: (batchId) => `/admin/applications/decisions/${batchId}`,
    }),
    vacancyMatches: build.query<VacancyMatches, string>({
      query: (vacancyId) => `/admin/vacancies/${vacancyId}/matches`,
      providesTags: ['Vacancy'],
    }),
    guestMatches: build.query<GuestMatch[], string>({
      query: (guestId) => `/admin/applications/guest/${guestId}/matches`,
      providesTags: (_r, _e, id) => [{ type: 'GuestApplication', id }, 'Vacancy'],
    }),
    dailyStats: build.query<DailyStats, { from?: string; to?: string }>({
      query: ({ from, to }) => ({
        url: '/admin/stats/daily',
        params: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
      }),
      providesTags: ['Stats'],
    }),
  }),
});

export const {
  usePendingApplicationsQuery,
  usePendingGuestsQuery,
  useGuestApplicationQuery,
  useAcceptApplicationMutation,
  useRejectApplicationMutation,
  useAcceptGuestMutation,
  useUpdateNoteMutation,
  useAdminVacanciesQuery,
  useAdminUsersQuery,
  useBanUserMutation,
  useReactivateUserMutation,
  useAdminStatsQuery,
  useQueueHealthQuery,
  useDecideApplicationsMutation,
  useDecisionBatchQuery,
  useVacancyMatchesQuery,
  useGuestMatchesQuery,
  useDailyStatsQuery,
} = adminApi;
