import type { EventEnvelope } from '@moba/contracts';
import type { EventBus } from './bus/event-bus';
import type { BaseDoc, Collection, Update } from './store/document-store';
import type { Logger } from './log';
import { currentRequestId } from './log';

/**
 * Outbox without multi-document transactions: the pending events live in the same document as the
 * change they report (single-document writes are atomic in nedb and MongoDB); the relay publishes
 * them and removes each only after the bus acknowledged it. A crash in between publishes again
 * later, which idempotent consumers absorb.
 */
export interface OutboxEntry {
  topic: string;
  event: EventEnvelope;
}

export interface WithOutbox {
  _outbox?: OutboxEntry[];
}

export interface PendingEvent {
  topic: string;
  event: EventEnvelope;
}

/** Stamps the request id as correlation id and shapes the entries for a document. */
export function outboxEntries(events: PendingEvent[]): OutboxEntry[] {
  const correlationId = currentRequestId();
  return events.map(({ topic, event }) => ({
    topic,
    event: correlationId && !event.correlationId ? { ...event, correlationId } : event,
  }));
}

/** A new document with its events: `insertOne(withEvents(doc, [...]))`. */
export function withEvents<T extends object>(doc: T, events: PendingEvent[]): T & WithOutbox {
  return { ...doc, _outbox: outboxEntries(events) };
}

/** Adds events to an update of an existing document: `updateOne(filter, pushEvents({$set}, [...]))`. */
export function pushEvents(update: Update, events: PendingEvent[]): Update {
  return { ...update, $push: { _outbox: { $each: outboxEntries(events) } } };
}

/** Removes the outbox field from a document before it leaves the service. */
export function withoutOutbox<T extends WithOutbox>(doc: T): Omit<T, '_outbox'> {
  const { _outbox: _ignored, ...rest } = doc;
  return rest;
}

export interface OutboxRelay {
  /** Publishes whatever is pending now; resolves when done. */
  flush(): Promise<void>;
  /** Asks for a flush soon (after a write); coalesces bursts. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createOutboxRelay({
  bus,
  collections,
  logger,
  intervalMs = 1000,
}: {
  bus: EventBus;
  collections: Collection<BaseDoc & WithOutbox>[];
  logger: Logger;
  intervalMs?: number;
}): OutboxRelay {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  async function relayCollection(collection: Collection<BaseDoc & WithOutbox>) {
    const pending = await collection.find({ '_outbox.0': { $exists: true } }, { limit: 200 });
    for (const doc of pending) {
      for (const entry of doc._outbox ?? []) {
        await bus.publish(entry.topic, entry.event);
        await collection.updateOne({ _id: doc._id }, { $pull: { _outbox: { 'event.id': entry.event.id } } });
      }
    }
    return pending.length;
  }

  async function flushOnce() {
    for (const collection of collections) {
      try {
        while ((await relayCollection(collection)) === 200);
      } catch (error) {
        logger.error({ err: error, collection: collection.name }, 'outbox relay failed; will retry');
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await flushOnce();
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    flush,
    kick() {
      if (!stopped) void flush();
    },
    start() {
      stopped = false;
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
      void flush();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
