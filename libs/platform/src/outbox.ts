import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@moba/contracts';
import type { EventBus } from './bus/event-bus';
import type { BaseDoc, Collection, Update } from './store/document-store';
import type { Logger } from './log';
import { currentRequestId } from './log';
import { observeOutboxAge, observeOutboxBacklog } from './metrics';
import { currentTraceparent } from './tracing';
import type { Clock } from './clock';
import { createLease } from './lease';

/**
 * Outbox without multi-document transactions: the pending events live in the same document as the
 * change they report (single-document writes are atomic in nedb and MongoDB); the relay publishes
 * them and removes each only after the bus acknowledged it. A crash in between publishes again
 * later, which idempotent consumers absorb.
 *
 * With several instances, each relay first takes a lease on a document (`_outboxLease`, in the same
 * document, by an atomic conditional update): one relay publishes a document's entries at a time, so
 * two instances publish the same entry only when a lease ran out mid-publish (a relay stalled for
 * longer than leaseMs), not as a rule. The stores index the pending documents (`_outbox.0`).
 */
export interface OutboxEntry {
  topic: string;
  event: EventEnvelope;
}

export interface OutboxLease {
  owner: string;
  /** ISO time after which another relay may take the document over. */
  until: string;
}

export interface WithOutbox {
  _outbox?: OutboxEntry[];
  _outboxLease?: OutboxLease;
}

export interface PendingEvent {
  topic: string;
  event: EventEnvelope;
}

/** Stamps the request id as correlation id, and the trace context, and shapes the entries for a document. */
export function outboxEntries(events: PendingEvent[]): OutboxEntry[] {
  const correlationId = currentRequestId();
  const traceparent = currentTraceparent();
  return events.map(({ topic, event }) => ({
    topic,
    event: {
      ...event,
      ...(correlationId && !event.correlationId ? { correlationId } : {}),
      ...(traceparent && !event.traceparent ? { traceparent } : {}),
    },
  }));
}

/** A new document with its events: `insertOne(withEvents(doc, [...]))`. */
export function withEvents<T extends object>(doc: T, events: PendingEvent[]): T & WithOutbox {
  return { ...doc, _outbox: outboxEntries(events) };
}

/** Adds events to an update of an existing document: `updateOne(filter, pushEvents({$set}, [...]))`. */
export function pushEvents(update: Update, events: PendingEvent[]): Update {
  const push = (update.$push as Record<string, unknown> | undefined) ?? {};
  return { ...update, $push: { ...push, _outbox: { $each: outboxEntries(events) } } };
}

/** Removes the outbox field from a document before it leaves the service. */
export function withoutOutbox<T extends WithOutbox>(doc: T): Omit<T, '_outbox' | '_outboxLease'> {
  const { _outbox: _ignored, _outboxLease: _lease, ...rest } = doc;
  return rest;
}

export interface OutboxRelay {
  /** Publishes whatever is pending now; resolves when done. */
  flush(): Promise<void>;
  /**
   * Asks for a flush soon (after a write); coalesces bursts. Naming the collections written relays just
   * those (a service may own many, and each costs a query per pass); the timer's flush covers all.
   */
  kick(...written: { name: string }[]): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The relay reads and changes only `_id`, `_outbox` and `_outboxLease`, so it takes the service's own
 * collections (of any document type with an outbox) as they are.
 */
export function createOutboxRelay<Doc extends BaseDoc & WithOutbox>({
  bus,
  collections: own,
  logger,
  intervalMs = 1000,
  leaseMs = 30_000,
  clock,
}: {
  bus: EventBus;
  collections: Collection<Doc>[];
  logger: Logger;
  intervalMs?: number;
  /** How long a relay owns a document it publishes from. */
  leaseMs?: number;
  /** The service's clock: leases are taken and run out on it, and the backlog's age is measured on it. */
  clock: Clock;
}): OutboxRelay {
  const collections = own as unknown as Collection<BaseDoc & WithOutbox>[];
  const owner = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let stopObserving: (() => void) | undefined;
  const backlog = async () => {
    const counts: Record<string, number> = {};
    for (const collection of collections)
      counts[collection.name] = await collection.count({ '_outbox.0': { $exists: true } });
    return counts;
  };
  const oldestAge = async () => {
    const ages: Record<string, number> = {};
    for (const collection of collections) {
      const [oldest] = await collection.findFields({ '_outbox.0': { $exists: true } }, ['_outbox'], {
        sort: { '_outbox.0.event.occurredAt': 1 },
        limit: 1,
      });
      const occurredAt = Date.parse(oldest?._outbox?.[0]?.event.occurredAt ?? '');
      ages[collection.name] = Number.isFinite(occurredAt)
        ? Math.max(0, (clock.now().getTime() - occurredAt) / 1000)
        : 0;
    }
    return ages;
  };

  const leases = new Map(
    collections.map((collection) => [
      collection,
      createLease({ collection, field: '_outboxLease', holder: owner, ttlMs: leaseMs, clock }),
    ]),
  );

  async function settle(collection: Collection<BaseDoc & WithOutbox>, _id: string, published: string[]) {
    const pull = { $pull: { _outbox: { 'event.id': { $in: published } } } };
    const mine = { _id, '_outboxLease.owner': owner };
    if (await collection.updateOne(mine, { ...pull, $unset: { _outboxLease: '' } })) return;
    // The lease ran out and another relay took the document: take off what was published, keep its lease.
    if (published.length) await collection.updateOne({ _id }, pull);
  }

  async function relayCollection(collection: Collection<BaseDoc & WithOutbox>) {
    const lease = leases.get(collection)!;
    const pending = await collection.find(
      { '_outbox.0': { $exists: true }, ...lease.free() },
      { limit: 200 },
    );
    for (const { _id } of pending) {
      const doc = await lease.claim({ _id, '_outbox.0': { $exists: true } });
      if (!doc) continue; // another relay holds it, or it was published meanwhile
      const published: string[] = [];
      try {
        for (const entry of doc._outbox ?? []) {
          await bus.publish(entry.topic, entry.event);
          published.push(entry.event.id);
        }
      } finally {
        // One write takes off what the bus acknowledged and gives the lease back (a crash before it
        // publishes those entries again, which consumers absorb; a lease left behind runs out).
        await settle(collection, _id, published).catch(() => undefined);
      }
    }
    return pending.length;
  }

  async function flushOnce(due: Collection<BaseDoc & WithOutbox>[]) {
    for (const collection of due) {
      try {
        while ((await relayCollection(collection)) === 200);
      } catch (error) {
        logger.error({ err: error, collection: collection.name }, 'outbox relay failed; will retry');
      }
    }
  }

  /** The collections the next pass relays, in the order the relay was given them. */
  let due = new Set<Collection<BaseDoc & WithOutbox>>();
  function flush(only: readonly Collection<BaseDoc & WithOutbox>[] = collections): Promise<void> {
    for (const collection of only) due.add(collection);
    if (running) return running; // the running loop takes these in its next pass
    running = (async () => {
      while (due.size) {
        const pass = collections.filter((collection) => due.has(collection));
        due = new Set();
        await flushOnce(pass);
      }
    })().finally(() => {
      running = undefined;
      if (due.size) void flush([]); // named while this pass was ending
    });
    return running;
  }

  return {
    flush: () => flush(),
    kick(...written) {
      if (stopped) return;
      const names = new Set(written.map((collection) => collection.name));
      const named = collections.filter((collection) => names.has(collection.name));
      // A collection this relay was not given is no reason to relay less: all of them then.
      void flush(named.length && named.length === names.size ? named : collections);
    },
    start() {
      stopped = false;
      if (!stopObserving) {
        const stopCounting = observeOutboxBacklog(backlog);
        const stopAging = observeOutboxAge(oldestAge);
        stopObserving = () => {
          stopCounting();
          stopAging();
        };
      }
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
      void flush();
    },
    async stop() {
      stopped = true;
      stopObserving?.();
      stopObserving = undefined;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
