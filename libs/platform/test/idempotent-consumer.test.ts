import { randomUUID } from 'node:crypto';
import {
  createNedbStore,
  idempotentBatchHandler,
  idempotentHandler,
  PROCESSED_EVENTS_TTL_DAYS,
  pruneProcessedEvents,
  type BaseDoc,
} from '../src';

const event = () => ({
  id: randomUUID(),
  type: 'OrderPlaced',
  version: 1,
  occurredAt: new Date().toISOString(),
  key: 'order-1',
  data: {},
});

describe('processed_events', () => {
  test('each entry has a Date to expire at, TTL days after it was processed', async () => {
    const store = createNedbStore();
    const handler = await idempotentHandler(store, 'billing', async () => undefined);
    const e = event();
    await handler(e);
    const processed = await store.collection<BaseDoc & { expiresAt: Date; processedAt: string }>(
      'processed_events',
    );
    const entry = await processed.findOne({ _id: `billing:${e.id}` });
    expect(entry?.expiresAt).toBeInstanceOf(Date);
    const days = (entry!.expiresAt.getTime() - Date.parse(entry!.processedAt)) / 86_400_000;
    expect(days).toBe(PROCESSED_EVENTS_TTL_DAYS);
  });

  test('pruning removes the entries older than the TTL and keeps the rest', async () => {
    const store = createNedbStore();
    const processed = await store.collection<BaseDoc & { processedAt: string }>('processed_events');
    const now = new Date('2026-11-24T08:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    await processed.insertOne({ _id: 'old', processedAt: daysAgo(PROCESSED_EVENTS_TTL_DAYS + 1) });
    await processed.insertOne({ _id: 'recent', processedAt: daysAgo(PROCESSED_EVENTS_TTL_DAYS - 1) });
    expect(await pruneProcessedEvents(processed as never, now)).toBe(1);
    expect((await processed.find({})).map((d) => d._id)).toEqual(['recent']);
  });
});

describe('idempotentBatchHandler', () => {
  const batchOf = (store: ReturnType<typeof createNedbStore>, seen: string[][]) =>
    idempotentBatchHandler(store, 'billing', async (events) => {
      seen.push(events.map((e) => e.id));
      return {
        writes: [{ collection: 'bills', docs: events.map((e) => ({ _id: `bill:${e.id}` })) }],
        afterWrite: async ([inserted]) => void seen.push(inserted),
      };
    });

  test('hands the handler each new event once, and a redelivered batch writes nothing twice', async () => {
    const store = createNedbStore();
    const bills = await store.collection<BaseDoc>('bills');
    const seen: string[][] = [];
    const handler = await batchOf(store, seen);
    const [a, b, c] = [event(), event(), event()];
    await handler([a, b, a]);
    expect(seen).toEqual([
      [a.id, b.id],
      [`bill:${a.id}`, `bill:${b.id}`],
    ]);
    await handler([b, c, a]);
    expect(seen.slice(2)).toEqual([[c.id], [`bill:${c.id}`]]);
    await handler([a, b, c]);
    expect(seen).toHaveLength(4);
    expect(await bills.count({})).toBe(3);
    const processed = await store.collection<BaseDoc>('processed_events');
    expect((await processed.find({})).map((p) => p._id).sort()).toEqual(
      [a, b, c].map((e) => `billing:${e.id}`).sort(),
    );
  });

  test('when the write fails, no id is recorded: the redelivery handles the batch again', async () => {
    const store = createNedbStore();
    await store.collection<BaseDoc>('bills', { indexes: [{ fields: ['number'], unique: true }] });
    let fail = true;
    const handled: string[] = [];
    const handler = await idempotentBatchHandler(store, 'billing', async (events) => {
      handled.push(...events.map((e) => e.id));
      return {
        writes: [
          {
            collection: 'bills',
            docs: events.map((e, i) => ({ _id: e.id, number: fail ? 1 : 10 + i }) as BaseDoc),
          },
        ],
      };
    });
    const batch = [event(), event()];
    await expect(handler(batch)).rejects.toThrow(/duplicate key/);
    fail = false;
    await handler(batch);
    expect(handled).toEqual([...batch.map((e) => e.id), ...batch.map((e) => e.id)]);
  });

  test("the prefetch's reads go with the processed ids in one findAcross, for every event", async () => {
    const store = createNedbStore();
    const facts = await store.collection<BaseDoc & { note: string }>('facts');
    const calls: string[][] = [];
    const findAcross = store.findAcross.bind(store);
    store.findAcross = (reads) => (calls.push(reads.map((read) => read.collection)), findAcross(reads));
    const handed: { events: string[]; prefetched: string[] }[] = [];
    const handler = await idempotentBatchHandler(
      store,
      'billing',
      async (events, prefetched: string[]) => {
        handed.push({ events: events.map((e) => e.id), prefetched });
        return { writes: [] };
      },
      {
        prefetch: {
          reads: (events) => [
            { collection: 'facts', filter: { _id: { $in: events.map((e) => e.id) } }, fields: ['note'] },
          ],
          facts: ([notes]) => notes.map((doc) => (doc as BaseDoc & { note: string }).note).sort(),
        },
      },
    );
    const [a, b] = [event(), event()];
    await facts.insertOne({ _id: a.id, note: 'a' });
    await facts.insertOne({ _id: b.id, note: 'b' });
    await handler([a]);
    await handler([a, b]);
    expect(calls).toEqual([
      ['processed_events', 'facts'],
      ['processed_events', 'facts'],
    ]);
    expect(handed).toEqual([
      { events: [a.id], prefetched: ['a'] },
      { events: [b.id], prefetched: ['a', 'b'] },
    ]);
  });
});

describe('events a consumer does not handle', () => {
  /** A store whose every statement is counted (the lookups and the processed ids). */
  const countedStore = () => {
    const store = createNedbStore();
    const statements: string[] = [];
    const collection = store.collection.bind(store);
    store.collection = (async (name: string, options?: object) => {
      const real = await collection(name, options as never);
      return new Proxy(real, {
        get: (target, key, receiver) => {
          const value = Reflect.get(target, key, receiver);
          return typeof value === 'function'
            ? (...args: unknown[]) => (statements.push(`${name}.${String(key)}`), value.apply(target, args))
            : value;
        },
      });
    }) as typeof store.collection;
    const insertNew = store.insertNew.bind(store);
    store.insertNew = (writes) => (statements.push('insertNew'), insertNew(writes));
    const findAcross = store.findAcross.bind(store);
    store.findAcross = (reads) => (statements.push('findAcross'), findAcross(reads));
    return { store, statements };
  };
  const handles = (e: { type: string }) => e.type === 'OrderPlaced';
  const other = () => ({ ...event(), type: 'OrderShipped' });

  test('are acknowledged without a lookup or a processed id; handled ones still are remembered', async () => {
    const { store, statements } = countedStore();
    const ran: string[] = [];
    const handler = await idempotentHandler(store, 'billing', async (e) => void ran.push(e.type), {
      handles,
    });
    await handler(other());
    expect(statements).toEqual([]);
    const placed = event();
    await handler(placed);
    await handler(placed);
    expect(ran).toEqual(['OrderPlaced']);
    expect(statements.filter((s) => s === 'processed_events.insertOne')).toHaveLength(1);
  });

  test('a batch of them touches no store; a mixed batch hands on only the handled ones', async () => {
    const { store, statements } = countedStore();
    const seen: string[][] = [];
    const handler = await idempotentBatchHandler(
      store,
      'billing',
      async (events) => (seen.push(events.map((e) => e.type)), { writes: [] }),
      { handles },
    );
    await handler([other(), other()]);
    expect(statements).toEqual([]);
    await handler([other(), event()]);
    expect(seen).toEqual([['OrderPlaced']]);
    const processed = await store.collection<BaseDoc>('processed_events');
    expect(await processed.count({})).toBe(1);
  });
});
