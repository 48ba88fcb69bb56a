import type { Notification } from '@moba/contracts';
import { baseApi } from '../../lib/api';
import { setLoginNotice } from '../../lib/login-notice';
import { clearSession, getToken } from '../../lib/storage';
import { endSession, goToLogin } from '../../lib/unauthorized';
import { setLiveStatus } from './live-status';

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<Notification[], string>({
      query: () => '/notifications/all',
      providesTags: ['Notification'],
      // Live updates stream into this cache entry while a component uses it (redux-essentials).
      async onCacheEntryAdded(userId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          // the first load failed; live updates still start, the reconnect refetch fills the list
        }
        // The live channel (and the schema checking its frames) arrives after the page has shown.
        const { connectLive } = await import('./live');
        const live = connectLive(
          userId,
          {
            onNotification: (notification) =>
              updateCachedData((list) => {
                if (!list.some((n) => n.id === notification.id)) list.unshift(notification);
              }),
            onCatchUp: () => dispatch(notificationsApi.util.invalidateTags(['Notification'])),
            onStatus: setLiveStatus,
            onUnauthenticated: (reason) => {
              if (reason === 'banned') setLoginNotice('banned');
              endSession(() => {
                clearSession();
                dispatch(baseApi.util.resetApiState());
                goToLogin();
              });
            },
          },
          { getToken },
        );
        await cacheEntryRemoved;
        live.close();
      },
    }),
  }),
});

export const { useNotificationsQuery } = notificationsApi;
