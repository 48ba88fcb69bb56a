import type {
  EstateProfile,
  PromiseFigure,
  SmsSettings,
  UpdateEstateProfile,
  UpdateSmsSettings,
  UpdateWorkerProfile,
  UserRatings,
  WorkerProfile,
} from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** Profiles of spec §7: GET /workers/me, /estates/me, PUT /workers/{id}, /estates/{id}, photo upload. */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    workerProfile: build.query<WorkerProfile, void>({
      query: () => '/workers/me',
      providesTags: ['Me'],
    }),
    estateProfile: build.query<EstateProfile, void>({
      query: () => '/estates/me',
      providesTags: ['Me'],
    }),
    /** The promise figure the profile shows (promises kept, or came and stayed), from the ratings received. */
    myPromiseFigure: build.query<PromiseFigure, void>({
      query: () => '/users/me/ratings',
      transformResponse: (ratings: UserRatings) => ratings.promises,
      providesTags: ['Rating'],
    }),
    updateWorkerProfile: build.mutation<unknown, { id: string; body: UpdateWorkerProfile }>({
      query: ({ id, body }) => ({ url: `/workers/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
    updateEstateProfile: build.mutation<unknown, { id: string; body: UpdateEstateProfile }>({
      query: ({ id, body }) => ({ url: `/estates/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
    /** Ends every session of the account, on every device (this one too). */
    logoutEverywhere: build.mutation<unknown, void>({
      query: () => ({ url: '/users/me/logout-everywhere', method: 'POST' }),
    }),
    smsSettings: build.query<SmsSettings, void>({
      query: () => '/sms/settings',
      providesTags: ['Me'],
    }),
    updateSmsSettings: build.mutation<SmsSettings, UpdateSmsSettings>({
      query: (body) => ({ url: '/sms/settings', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
    uploadPhoto: build.mutation<{ photoUrl: string }, File>({
      query: (file) => {
        const form = new FormData();
        form.append('photo', file);
        return { url: '/users/me/photo', method: 'POST', body: form };
      },
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  useWorkerProfileQuery,
  useEstateProfileQuery,
  useMyPromiseFigureQuery,
  useUpdateWorkerProfileMutation,
  useUpdateEstateProfileMutation,
  useUploadPhotoMutation,
  useLogoutEverywhereMutation,
  useSmsSettingsQuery,
  useUpdateSmsSettingsMutation,
} = profileApi;
