import { NOTIFICATIONS_LIST_MAX, type Notification } from '@moba/contracts';
import { toNotification } from '../notification-view';
import type { NotificationStore } from '../store';

/** The caller's own notifications, newest first (the panel splits them into Unread and Read). */
export async function listNotifications(store: NotificationStore, userId: string): Promise<Notification[]> {
  const docs = await store.notifications.find(
    { userId },
    { sort: { dateSent: -1 }, limit: NOTIFICATIONS_LIST_MAX },
  );
  return docs.map(toNotification);
}
