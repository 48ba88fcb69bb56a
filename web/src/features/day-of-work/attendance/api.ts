import type { DayAttendanceRequest, DayRoster } from '@moba/contracts';
import { baseApi } from '../../../lib/api';

/** The roster per work day and per head (issue #31, point 6): read it, mark one day. */
export const attendanceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    dayRoster: build.query<DayRoster, string>({
      query: (vacancyId) => `/estates/vacancies/${vacancyId}/roster`,
      providesTags: (_r, _e, vacancyId) => [{ type: 'Application', id: `ROSTER-${vacancyId}` }],
    }),
    markDay: build.mutation<DayRoster, { vacancyId: string } & DayAttendanceRequest>({
      query: ({ vacancyId, ...body }) => ({
        url: `/estates/vacancies/${vacancyId}/attendance`,
        method: 'POST',
        body,
      }),
      // The answer is the whole roster: the cache takes it, so no second request.
      async onQueryStarted({ vacancyId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(attendanceApi.util.upsertQueryData('dayRoster', vacancyId, data));
        } catch {
          /* the screen shows the error */
        }
      },
    }),
  }),
});

export const { useDayRosterQuery, useMarkDayMutation } = attendanceApi;
