import type { EventEnvelope } from '@moba/contracts';
import type { BatchHandler, EventHandler } from './bus/event-bus';
import {
  DuplicateKeyError,
  type BaseDoc,
  type Collection,
  type FieldsRead,
  type DocumentStore,
  type NewDocuments,
} from './store/document-store';
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

export interface ConsumerOptions {
  /**
   * The events the handler does something with. A consumer group reads every event of its topic; the
   * others are acknowledged without a lookup or a processed id (two statements each, for nothing).
   */
  handles?: (event: EventEnvelope) => boolean;
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
  { handles = () => true }: ConsumerOptions = {},
): Promise<EventHandler> {
  const processed = await store.collection<ProcessedEvent>('processed_events', {
    indexes: processedEventIndexes,
  });
  const prune = pruneHourly(processed);
  return async (event) => {
    if (!handles(event)) return;
    const _id = `${consumer}:${event.id}`;
    if (await processed.findOne({ _id })) return;
    await requestContext.run({ requestId: event.correlationId ?? event.id }, () => handler(event));
    const now = new Date();
    try {
      await processed.insertOne(processedEntry(consumer, event.id, now));
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    prune(now);
  };
}

const processedEntry = (consumer: string, eventId: string, now: Date): ProcessedEvent => ({
  _id: `${consumer}:${eventId}`,
  consumer,
  eventId,
  processedAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + PROCESSED_EVENTS_TTL_DAYS * DAY_MS),
});

function pruneHourly(processed: Collection<ProcessedEvent>) {
  let lastPrune = 0;
  return (now: Date) => {
    if (now.getTime() - lastPrune <= PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    void pruneProcessedEvents(processed, now).catch(() => undefined);
  };
}

/** What a batch consumer stores for the new events of a batch, and what it does once they are stored. */
export interface BatchWork {
  /** Inserted together with the processed ids (which go last): an _id already stored is left out. */
  writes: NewDocuments[];
  /** After the write, with the _ids each entry of `writes` inserted now (push only what is new). */
  afterWrite?: (inserted: string[][]) => Promise<void>;
}

/**
 * What the handler needs read for a batch, read with the processed ids in one findAcross: one
 * statement on PostgreSQL. It covers every event of the batch (also those found processed).
 */
export interface Prefetch<P> {
  reads(events: EventEnvelope[]): FieldsRead[];
  /** The handler's facts from what the reads found (in their order). */
  facts(found: BaseDoc[][]): P;
}

export interface BatchConsumerOptions<P> extends ConsumerOptions {
  prefetch?: Prefetch<P>;
}

/**
 * The batch form of idempotentHandler. Per batch: one read of the processed ids (with the prefetch's
 * reads in the same findAcross), the handler's work for the events not processed yet (each event once, however often
 * the batch holds it), then one insertNew of the handler's documents and the processed ids (PostgreSQL: one statement, one
 * transaction). A redelivered batch finds its ids and writes nothing twice; a crash before the write
 * leaves the events unprocessed for the redelivery; on the stores that write collection by collection
 * the processed ids come last, so a crash between writes is completed by the redelivery, whose
 * inserts skip what is there. What the handler writes itself (not through `writes`) must be safe to
 * repeat, as with idempotentHandler.
 */
export async function idempotentBatchHandler<P = undefined>(
  store: DocumentStore,
  consumer: string,
  handler: (events: EventEnvelope[], prefetched: P) => Promise<BatchWork>,
  { handles = () => true, prefetch }: BatchConsumerOptions<P> = {},
): Promise<BatchHandler> {
  const processed = await store.collection<ProcessedEvent>('processed_events', {
    indexes: processedEventIndexes,
  });
  const prune = pruneHourly(processed);
  return async (events) => {
    const unique = [...new Map(events.filter(handles).map((event) => [event.id, event])).values()];
    if (!unique.length) return;
    const idOf = (event: EventEnvelope) => `${consumer}:${event.id}`;
    const [entries, ...found] = await store.findAcross([
      { collection: processed.name, filter: { _id: { $in: unique.map(idOf) } }, fields: [] },
      ...(prefetch?.reads(unique) ?? []),
    ]);
    const done = new Set(entries.map((entry) => entry._id));
    const fresh = unique.filter((event) => !done.has(idOf(event)));
    if (!fresh.length) return;
    const work = await handler(fresh, prefetch?.facts(found) as P);
    const now = new Date();
    const inserted = await store.insertNew([
      ...work.writes,
      { collection: processed.name, docs: fresh.map((event) => processedEntry(consumer, event.id, now)) },
    ]);
    await work.afterWrite?.(inserted.slice(0, work.writes.length));
    prune(now);
  };
}
