import { notificationKeys, type Notification } from '@moba/contracts';
import type { Clock } from '@moba/platform';
import type { NotificationStore } from './store';
import type { SmsOutboxDoc } from './sms/sms-store';

/*
 * The delivery record of each broadcast recipient (`broadcast_deliveries`) moves forward from here:
 * what the deliver, list, read, live push and SMS dispatch use cases share. Every change is a
 * conditional update that only moves a state forward, so a repeat or a late one changes nothing.
 */

export const BROADCAST_SMS_PREFIX = 'broadcast:';
export const broadcastDeliveryId = (broadcastId: string, workerId: string) => `${broadcastId}:${workerId}`;
export const broadcastSmsId = (broadcastId: string, workerId: string) =>
  `${BROADCAST_SMS_PREFIX}${broadcastDeliveryId(broadcastId, workerId)}`;

const isBroadcast = (notification: Pick<Notification, 'content'>) =>
  notification.content.key === notificationKeys.broadcast;

/** Pushed to an open socket of the recipient (the live channel wrote the frame). */
export async function markBroadcastPushed(
  store: NotificationStore,
  clock: Clock,
  notification: Notification,
) {
  if (!isBroadcast(notification)) return;
  await store.broadcastDeliveries.updateOne(
    { notificationId: notification.id, deliveredAt: { $exists: false } },
    { $set: { deliveredAt: clock.now().toISOString() } },
  );
}

/** Fetched in the recipient's notification list. */
export async function markBroadcastsFetched(
  store: NotificationStore,
  clock: Clock,
  userId: string,
  notifications: readonly Notification[],
) {
  const ids = notifications.filter(isBroadcast).map((n) => n.id);
  if (ids.length === 0) return;
  await store.broadcastDeliveries.updateMany(
    { workerId: userId, notificationId: { $in: ids }, deliveredAt: { $exists: false } },
    { $set: { deliveredAt: clock.now().toISOString() } },
  );
}

/** The recipient marked these notifications read (no ids: all of theirs). */
export async function markBroadcastsRead(
  store: NotificationStore,
  clock: Clock,
  userId: string,
  notificationIds?: readonly string[],
) {
  const filter: Record<string, unknown> = { workerId: userId, readAt: { $exists: false } };
  if (notificationIds && notificationIds.length > 0) filter.notificationId = { $in: [...notificationIds] };
  await store.broadcastDeliveries.updateMany(filter, { $set: { readAt: clock.now().toISOString() } });
}

/** The SMS dispatch's outcome of a broadcast's SMS: sent, or failed (given up, refused by a cap, stopped). */
export async function recordBroadcastSms(
  store: NotificationStore,
  clock: Clock,
  doc: Pick<SmsOutboxDoc, '_id' | 'kind'>,
  status: 'sent' | 'failed' | 'refused' | 'skipped',
) {
  if (doc.kind !== 'broadcast' || !doc._id.startsWith(BROADCAST_SMS_PREFIX)) return;
  await store.broadcastDeliveries.updateOne(
    { _id: doc._id.slice(BROADCAST_SMS_PREFIX.length) },
    { $set: { sms: status === 'sent' ? 'sent' : 'failed', smsAt: clock.now().toISOString() } },
  );
}
