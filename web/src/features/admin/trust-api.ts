import { baseApi } from '../../lib/api';

/** Trust actions of the admin: verify an estate (BPG and PIB checked in the public registry) or revoke it. */
export const trustAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setEstateVerified: build.mutation<
      { estateId: string; verified: boolean },
      { estateId: string; verified: boolean; note: string }
    >({
      query: ({ estateId, verified, note }) => ({
        url: `/admin/estates/${estateId}/${verified ? 'verify' : 'unverify'}`,
        method: 'POST',
        body: { note },
      }),
      invalidatesTags: ['User', { type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useSetEstateVerifiedMutation } = trustAdminApi;
