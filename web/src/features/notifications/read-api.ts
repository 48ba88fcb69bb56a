import type { Notification } from '@moba/contracts';
import { showToast } from '../../lib/toast';
import { notificationsApi } from './api';

export interface ReadArgs {
  /** The cache key of the list (the signed-in user's id); not sent. */
  userId: string;
  /** No ids: every notification of the user. */
  notificationIds?: string[];
  shouldDelete?: boolean;
}

/** Text of the failure toast; the panel sets it in the reader's language. */
let errorToastText = 'Error';
export const setReadErrorText = (text: string) => {
  errorToastText = text;
};

/** Marking read and deleting: only the panel does them, so they come with it. */
const readApi = notificationsApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useReadNotificationsMutation } = readApi;
