import type { JobAlertSettings, UpdateJobAlertSettings } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** The worker's own job alerts: GET / PUT /job-alerts/settings (notification service). */
export const jobAlertsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    jobAlertSettings: build.query<JobAlertSettings, void>({
      query: () => '/job-alerts/settings',
      providesTags: ['Me'],
    }),
    updateJobAlertSettings: build.mutation<JobAlertSettings, UpdateJobAlertSettings>({
      query: (body) => ({ url: '/job-alerts/settings', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const { useJobAlertSettingsQuery, useUpdateJobAlertSettingsMutation } = jobAlertsApi;
