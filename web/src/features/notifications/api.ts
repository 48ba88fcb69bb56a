import type { Notification } from '@moba/contracts';
import { baseApi } from '../../lib/api';
import { setLoginNotice } from '../../lib/login-notice';
import { clearSession, getToken } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import { endSession, goToLogin } from '../../lib/unauthorized';
import { setLiveStatus } from './live-status';

export interface ReadArgs {
  /** The cache key of the list (the signed-in user's id); not sent. */
  userId: string;
  /** No ids: every notification of the user. */
  notificationIds?: string[];
  shouldDelete?: boolean;
}

/** Text of the failure toast; the shell sets it in the reader's language. */
let errorToastText = 'Error';
export const setNotificationErrorText = (text: string) => {
  errorToastText = text;
};

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
    readNotifications: build.mutation<unknown, ReadArgs>({
      query: ({ notificationIds, shouldDelete = false }) => ({
        url: '/notifications/read',
        method: 'POST',
        body: { ...(notificationIds ? { notificationIds } : {}), shouldDelete },
      }),
      // Optimistic: the panel changes at once; a failure puts the list back and shows the red toast.
      async onQueryStarted({ userId, notificationIds, shouldDelete }, { dispatch, queryFulfilled }) {
        const now = new Date().toISOString();
        const touches = (n: Notification) => !notificationIds || notificationIds.includes(n.id);
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notifications', userId, (list) => {
            if (shouldDelete) return list.filter((n) => !touches(n));
            for (const n of list) if (touches(n) && !n.dateRead) n.dateRead = now;
            return undefined;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
          showToast(errorToastText);
        }
      },
    }),
  }),
});

export const { useNotificationsQuery, useReadNotificationsMutation } = notificationsApi;
