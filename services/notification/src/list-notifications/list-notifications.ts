import { NOTIFICATIONS_LIST_MAX, type Notification } from '@moba/contracts';
import { toNotification } from '../notification-view';
import type { Clock } from '@moba/platform';
import type { NotificationStore } from '../store';
import { markBroadcastsFetched } from '../broadcast-deliveries';

/**
 * The caller's own notifications, newest first (the panel splits them into Unread and Read). An
 * estate's broadcast among them now counts as delivered.
 */
export async function listNotifications(
  store: NotificationStore,
  clock: Clock,
  userId: string,
): Promise<Notification[]> {
  const docs = await store.notifications.find(
    { userId },
    { sort: { dateSent: -1 }, limit: NOTIFICATIONS_LIST_MAX },
  );
  const notifications = docs.map(toNotification);
  await markBroadcastsFetched(store, clock, userId, notifications);
  return notifications;
}
