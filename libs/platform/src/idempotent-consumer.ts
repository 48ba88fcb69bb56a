import type { EventEnvelope } from '@moba/contracts';
import type { EventHandler } from './bus/event-bus';
import { DuplicateKeyError, type Collection, type DocumentStore } from './store/document-store';
import { requestContext } from './log';

interface ProcessedEvent {
  _id: string;
  consumer: string;
  eventId: string;
  processedAt: string;
  /** When the entry may go (MongoDB removes it through a TTL index on this Date). */
  expiresAt: Date;
}

/**
 * How long a processed id is remembered: far longer than any redelivery (a crashed consumer's
 * events come back within minutes, a pending Redis entry within claimIdleMs), short enough that the
 * collection stops growing. A redrive of older dead letters runs the handlers again: they stay safe
 * to repeat (the services guard counters with the event id in the same document).
 */
export const PROCESSED_EVENTS_TTL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The indexes of processed_events: TTL for MongoDB, processedAt for the pruning of other stores. */
export const processedEventIndexes = [
  { fields: ['expiresAt'], expireAfterSeconds: 0 },
  { fields: ['processedAt'] },
];

/** Deletes entries older than the TTL (the stores without TTL indexes: PostgreSQL, nedb). */
export async function pruneProcessedEvents(
  processed: Collection<ProcessedEvent>,
  now = new Date(),
  ttlDays = PROCESSED_EVENTS_TTL_DAYS,
) {
  const cutoff = new Date(now.getTime() - ttlDays * DAY_MS).toISOString();
  return processed.deleteMany({ processedAt: { $lt: cutoff } });
}

/**
 * Wraps a handler so a redelivered event is skipped. The id is recorded after the handler succeeds:
 * a crash in between runs the handler again, so handlers that count must also be safe to repeat
 * (guard counters with the event id in the same document, as the services do). Entries expire after
 * PROCESSED_EVENTS_TTL_DAYS; the handler prunes them at most once an hour.
 */
export async function idempotentHandler(
  store: DocumentStore,
  consumer: string,
  handler: (event: EventEnvelope) => Promise<void>,
): Promise<EventHandler> {
  const processed = await store.collection<ProcessedEvent>('processed_events', {
    indexes: processedEventIndexes,
  });
  let lastPrune = 0;
  return async (event) => {
    const _id = `${consumer}:${event.id}`;
    if (await processed.findOne({ _id })) return;
    await requestContext.run({ requestId: event.correlationId ?? event.id }, () => handler(event));
    const now = new Date();
    try {
      await processed.insertOne({
        _id,
        consumer,
        eventId: event.id,
        processedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + PROCESSED_EVENTS_TTL_DAYS * DAY_MS),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now.getTime();
      void pruneProcessedEvents(processed, now).catch(() => undefined);
    }
  };
}
