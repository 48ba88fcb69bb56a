import type { EventEnvelope } from '@moba/contracts';
import { requestContext, type BatchWork, type Prefetch } from '@moba/platform';
import {
  notificationDocs,
  pushNotifications,
  type CreateNotificationsContext,
  type NotificationDraft,
} from '../create-notification/create-notification';
import type { SmsContext } from '../sms/queue-sms';
import type { SmsRecipientDoc } from '../sms/sms-store';
import type { NotificationDoc, VacancyReplicaDoc } from '../store';

/** Facts read once for a whole batch, for the reactions that need them. */
export interface BatchFacts {
  /** Titles from the vacancy replica, for events that do not carry theirs (older events). */
  titles: Map<string, string>;
  /** Users who opted in to SMS and have a phone (their SMS is queued; the others are not asked). */
  smsRecipients: Set<string>;
}

/**
 * An event whose notifications are drafted from its own fields plus the batch's facts: its drafts are
 * stored with every other draft of the batch and the processed ids, in one write.
 */
export interface BatchedReaction<T> {
  read(event: EventEnvelope): T;
  /** What to read for it: the title of a vacancy the event names but does not title, a user's SMS state. */
  needs(data: T): { titleOf?: string; smsFor?: string };
  /** Its drafts; it may also queue an SMS (an idempotent write of its own). */
  react(data: T, facts: BatchFacts): Promise<NotificationDraft[]>;
}

/** A reaction in a table of several event types (each reads the data its own `read` made). */
export const batchedReaction = <T>(reaction: BatchedReaction<T>) =>
  reaction as unknown as BatchedReaction<unknown>;

export interface NotifyInBatchesContext extends CreateNotificationsContext {
  sms: SmsContext;
}

/**
 * The facts the batched reactions of a batch need: the titles and the SMS recipients, each one read.
 * They write nothing, so the consumer reads them with the processed ids (idempotentBatchHandler's
 * prefetch: one statement on PostgreSQL).
 */
export function batchFactsPrefetch(
  ctx: NotifyInBatchesContext,
  reactions: Record<string, BatchedReaction<unknown>>,
): Prefetch<BatchFacts> {
  return {
    reads(events) {
      const needs = events.flatMap((event) => {
        const reaction = reactions[event.type];
        return reaction ? [reaction.needs(reaction.read(event))] : [];
      });
      const vacancyIds = [...new Set(needs.flatMap((need) => (need.titleOf ? [need.titleOf] : [])))];
      const userIds = [...new Set(needs.flatMap((need) => (need.smsFor ? [need.smsFor] : [])))];
      // Both reads always go, an empty list matching nothing, so `facts` finds them in their places.
      return [
        { collection: ctx.store.vacancies.name, filter: { _id: { $in: vacancyIds } }, fields: ['title'] },
        {
          collection: ctx.sms.sms.recipients.name,
          filter: { _id: { $in: userIds } },
          fields: ['enabled', 'phone'],
        },
      ];
    },
    facts([vacancies, recipients]) {
      const titled = vacancies as Pick<VacancyReplicaDoc, '_id' | 'title'>[];
      const reachable = recipients as Pick<SmsRecipientDoc, '_id' | 'enabled' | 'phone'>[];
      return {
        titles: new Map(titled.flatMap((v) => (v.title ? [[v._id, v.title] as const] : []))),
        smsRecipients: new Set(reachable.filter((r) => r.enabled && r.phone).map((r) => r._id)),
      };
    },
  };
}

/**
 * The work of one batch of a topic: events with a batched reaction are drafted from the batch's facts
 * (readBatchFacts); the others go to `handleAlone` one by one, in order, as before. The drafted
 * notifications are returned as one write (with the processed ids: idempotentBatchHandler) and pushed
 * live at the same time. Facts are read before the other handlers of the batch run: a reaction
 * belongs here only if those handlers never write what it reads.
 */
export async function notifyInBatches(
  ctx: NotifyInBatchesContext,
  events: EventEnvelope[],
  reactions: Record<string, BatchedReaction<unknown>>,
  handleAlone: (event: EventEnvelope) => Promise<unknown>,
  facts: BatchFacts,
): Promise<BatchWork> {
  const read = events.map((event) => {
    const reaction = reactions[event.type];
    return reaction ? { event, reaction, data: reaction.read(event) } : { event };
  });
  const docs: NotificationDoc[] = [];
  for (const { event, reaction, data } of read) {
    if (reaction) docs.push(...notificationDocs(ctx, await reaction.react(data, facts), event.id));
    else await requestContext.run({ requestId: event.correlationId ?? event.id }, () => handleAlone(event));
  }
  // Pushed while they are stored, not after: the write (a WAL flush on PostgreSQL) is off the path
  // from publish to screen. The ids derive from the event, so a push that a redelivery repeats (a crash
  // between push and write) carries the same id, and the client keeps one per id.
  const pushed = pushNotifications(ctx, docs);
  return {
    writes: [{ collection: ctx.store.notifications.name, docs }],
    afterWrite: () => pushed,
  };
}
