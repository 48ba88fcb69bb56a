import type { BroadcastReport, BroadcastRequest, SentBroadcast, VacancyItem } from '@moba/contracts';
import { baseApi } from '../../../lib/api';

const reportTag = (vacancyId: string) => ({ type: 'Application' as const, id: `BROADCASTS-${vacancyId}` });

/** The estate's broadcasts (issue #31): send one, read what was sent and how far it got. */
export const broadcastApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendBroadcast: build.mutation<SentBroadcast, { vacancyId: string; body: BroadcastRequest }>({
      query: ({ vacancyId, body }) => ({
        url: `/estates/vacancies/${vacancyId}/broadcasts`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { vacancyId }) => [reportTag(vacancyId)],
    }),
    broadcastReport: build.query<BroadcastReport, string>({
      query: (vacancyId) => `/estates/vacancies/${vacancyId}/broadcasts`,
      providesTags: (_r, _e, vacancyId) => [reportTag(vacancyId)],
    }),
    /** The estate's own mobas: the title and dates of the one whose messages are shown. */
    broadcastMobas: build.query<VacancyItem[], void>({
      query: () => '/estates/vacancies/all',
      transformResponse: (body: VacancyItem[] | { active: VacancyItem[]; past: VacancyItem[] }) =>
        Array.isArray(body) ? body : [...body.active, ...body.past],
      providesTags: [{ type: 'MyVacancy', id: 'ESTATE' }],
    }),
  }),
});

export const { useSendBroadcastMutation, useBroadcastReportQuery, useBroadcastMobasQuery } = broadcastApi;
