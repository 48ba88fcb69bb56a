import { randomUUID } from 'node:crypto';
import type { RatingNotificationAction } from '@moba/contracts';
import { chunked, type Clock, type DocumentStore, type Logger } from '@moba/platform';
import { derivedNotificationId } from '../domain/notification';
import { toNotification } from '../notification-view';
import type { LiveChannel } from '../live/live-channel';
import type { NotificationDoc, NotificationStore, ParamValue } from '../store';

export interface NotificationDraft {
  userId: string;
  key: string;
  params?: Record<string, ParamValue>;
  actionButtonType?: RatingNotificationAction | null;
  actionButtonParamIds?: string[];
}

export interface CreateNotificationsContext {
  store: NotificationStore;
  /** Writes a run of notifications as one statement (insertNew). */
  documentStore: DocumentStore;
  clock: Clock;
  live: LiveChannel;
  logger: Logger;
}

/** The documents of drafts; with a source event each id derives from it, the recipient and the key. */
export function notificationDocs(
  ctx: Pick<CreateNotificationsContext, 'clock'>,
  drafts: NotificationDraft[],
  sourceEventId?: string,
): NotificationDoc[] {
  const dateSent = ctx.clock.now().toISOString();
  return drafts.map((draft) => ({
    _id: sourceEventId ? derivedNotificationId(sourceEventId, draft.userId, draft.key) : randomUUID(),
    userId: draft.userId,
    key: draft.key,
    params: draft.params ?? {},
    dateSent,
    actionButtonType: draft.actionButtonType ?? null,
    actionButtonParamIds: draft.actionButtonParamIds ?? [],
    ...(sourceEventId ? { sourceEventId } : {}),
  }));
}

/** Pushes notifications live, all in one fan-out message; best effort. */
export async function pushNotifications(ctx: CreateNotificationsContext, docs: NotificationDoc[]) {
  if (!docs.length) return;
  try {
    await ctx.live.pushMany(docs.map((doc) => ({ userId: doc.userId, notification: toNotification(doc) })));
  } catch (err) {
    // Stored is what counts: the panel lists it; the live push is best effort.
    ctx.logger.warn({ err, notificationIds: docs.map((doc) => doc._id) }, 'live push failed');
  }
}

/**
 * Stores each notification and pushes it live to its recipient. With a source event the id is derived
 * from the event id and the recipient, so a redelivered event stores and pushes nothing new.
 * Resolves the notifications that were created now.
 */
export async function createNotifications(
  ctx: CreateNotificationsContext,
  drafts: NotificationDraft[],
  sourceEventId?: string,
): Promise<NotificationDoc[]> {
  const created: NotificationDoc[] = [];
  // A job alert tells thousands at once: a run of them is one write (leaving out those stored by an
  // earlier delivery) and one fan-out message, rather than a write and a push per worker.
  for (const run of chunked(notificationDocs(ctx, drafts, sourceEventId), WRITES_AT_ONCE)) {
    const [storedIds] = await ctx.documentStore.insertNew([
      { collection: ctx.store.notifications.name, docs: run },
    ]);
    const storedNow = new Set(storedIds);
    const now = run.filter((doc) => storedNow.has(doc._id));
    created.push(...now);
    await pushNotifications(ctx, now);
  }
  return created;
}

const WRITES_AT_ONCE = 50;
