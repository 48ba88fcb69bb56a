import type { Clock } from '@moba/platform';
import type { NotificationStore } from '../store';
import { markBroadcastsRead } from '../broadcast-deliveries';

export interface ReadNotificationsCommand {
  userId: string;
  /** Empty or absent: all of the user's notifications. */
  notificationIds?: string[];
  shouldDelete: boolean;
}

/**
 * Marks the caller's notifications read, or deletes them. The filter always carries the caller's id,
 * so ids of someone else's notifications match nothing (and reveal nothing). Resolves how many changed.
 */
export async function readNotifications(
  store: NotificationStore,
  clock: Clock,
  command: ReadNotificationsCommand,
): Promise<number> {
  const filter: Record<string, unknown> = { userId: command.userId };
  if (command.notificationIds && command.notificationIds.length > 0)
    filter._id = { $in: [...new Set(command.notificationIds)] };
  if (command.shouldDelete) return store.notifications.deleteMany(filter);
  const count = await store.notifications.updateMany(
    { ...filter, dateRead: { $exists: false } },
    { $set: { dateRead: clock.now().toISOString() } },
  );
  // an estate's broadcast among them is now read (the filter carries the caller: only their own)
  await markBroadcastsRead(store, clock, command.userId, command.notificationIds);
  return count;
}
