import type { EstateProfile, UpdateEstateProfile, UpdateWorkerProfile, WorkerProfile } from '@moba/contracts';
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
    updateWorkerProfile: build.mutation<unknown, { id: string; body: UpdateWorkerProfile }>({
      query: ({ id, body }) => ({ url: `/workers/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
    updateEstateProfile: build.mutation<unknown, { id: string; body: UpdateEstateProfile }>({
      query: ({ id, body }) => ({ url: `/estates/${id}`, method: 'PUT', body }),
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
  useUpdateWorkerProfileMutation,
  useUpdateEstateProfileMutation,
  useUploadPhotoMutation,
} = profileApi;
