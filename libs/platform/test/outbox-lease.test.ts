import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@moba/contracts';
import {
  createAdjustableClock,
  createLogger,
  createMemoryBus,
  createNedbStore,
  createOutboxRelay,
  systemClock,
  withEvents,
  type BaseDoc,
  type DocumentStore,
  type EventBus,
  type WithOutbox,
} from '../src';
import { createPostgresStore } from '../src/store/postgres-store';
import { dropSchemas, freshSchemaPrefix, withSchema } from './fixtures/postgres';

const logger = createLogger('outbox-lease-test', 'silent');
const event = (key: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'OrderPlaced',
  version: 1,
  occurredAt: new Date().toISOString(),
  key,
  data: {},
});

/** Two relays (two instances of a service) over one store: each pending entry is published once. */
async function twoRelaysPublishEachEntryOnce(store: DocumentStore) {
  const orders = await store.collection<BaseDoc & WithOutbox>(`orders_${randomUUID().slice(0, 8)}`);
  const memory = createMemoryBus(logger);
  const published = new Map<string, number>();
  // A slow bus: without leases both relays would find the same documents and publish them twice.
  const slowBus: EventBus = {
    ...memory,
    async publish(topic, e) {
      await new Promise((r) => setTimeout(r, 5));
      published.set(e.id, (published.get(e.id) ?? 0) + 1);
      await memory.publish(topic, e);
    },
  };
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const events = [event(`order-${i}`), event(`order-${i}`)];
    ids.push(...events.map((e) => e.id));
    await orders.insertOne(
      withEvents(
        { _id: `order-${i}` },
        events.map((e) => ({ topic: 'orders.v1', event: e })),
      ),
    );
  }
  const first = createOutboxRelay({ bus: slowBus, collections: [orders], logger, clock: systemClock });
  const second = createOutboxRelay({ bus: slowBus, collections: [orders], logger, clock: systemClock });
  await Promise.all([first.flush(), second.flush()]);
  expect([...published.keys()].sort()).toEqual([...ids].sort());
  expect([...published.values()].every((times) => times === 1)).toBe(true);
  expect(await orders.count({ '_outbox.0': { $exists: true } })).toBe(0);
  expect(await orders.count({ _outboxLease: { $exists: true } })).toBe(0);
}

describe('outbox relays share the work through a lease in each document', () => {
  test('on the embedded store (nedb)', async () => {
    await twoRelaysPublishEachEntryOnce(createNedbStore());
  });

  test('on PostgreSQL, where every instance of a service shares one store', async () => {
    const prefix = freshSchemaPrefix('lease');
    const store = await createPostgresStore(withSchema(prefix), 'orders');
    try {
      await twoRelaysPublishEachEntryOnce(store);
    } finally {
      await store.close();
      await dropSchemas(prefix);
    }
  });

  test('a lease left by a relay that died runs out on the clock, and another relay publishes the entry', async () => {
    const store = createNedbStore();
    const orders = await store.collection<BaseDoc & WithOutbox>('orders');
    const clock = createAdjustableClock();
    const e = event('order-x');
    await orders.insertOne({
      ...withEvents({ _id: 'order-x' }, [{ topic: 'orders.v1', event: e }]),
      _outboxLease: { owner: 'dead-relay', until: new Date(clock.now().getTime() + 60_000).toISOString() },
    });
    const heard: string[] = [];
    const bus = createMemoryBus(logger);
    await bus.subscribe('orders.v1', 'billing', async (got) => void heard.push(got.id));
    const relay = createOutboxRelay({ bus, collections: [orders], logger, clock });
    await relay.flush();
    expect(heard).toEqual([]);
    clock.advance(60_001);
    await relay.flush();
    expect(heard).toEqual([e.id]);
  });

  test('a document is claimed and settled in two writes, however many entries it holds', async () => {
    const store = createNedbStore();
    const orders = await store.collection<BaseDoc & WithOutbox>('orders');
    const events = [event('order-y'), event('order-y'), event('order-y')];
    await orders.insertOne(
      withEvents(
        { _id: 'order-y' },
        events.map((e) => ({ topic: 'orders.v1', event: e })),
      ),
    );
    const writes: string[] = [];
    const counted = new Proxy(orders, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (/update/i.test(String(key))) writes.push(String(key));
          return value.apply(target, args);
        };
      },
    });
    const heard: string[] = [];
    const bus = createMemoryBus(logger);
    await bus.subscribe('orders.v1', 'billing', async (got) => void heard.push(got.id));
    await createOutboxRelay({ bus, collections: [counted], logger, clock: systemClock }).flush();
    expect(heard).toEqual(events.map((e) => e.id));
    expect(writes).toEqual(['findOneAndUpdate', 'updateOne']);
    const [settled] = await orders.find({ _id: 'order-y' });
    expect(settled._outbox).toEqual([]);
    expect(settled._outboxLease).toBeUndefined();
  });

  test('a relay whose lease ran out takes off what it published and leaves the new holder its lease', async () => {
    const store = createNedbStore();
    const orders = await store.collection<BaseDoc & WithOutbox>('orders');
    const clock = createAdjustableClock();
    const [first, second] = [event('order-z'), event('order-z')];
    await orders.insertOne(
      withEvents(
        { _id: 'order-z' },
        [first, second].map((e) => ({ topic: 'orders.v1', event: e })),
      ),
    );
    const memory = createMemoryBus(logger);
    // Publishing the first entry takes longer than the lease: another relay holds the document by then.
    const stalled: EventBus = {
      ...memory,
      async publish(topic, e) {
        if (e.id === first.id) {
          clock.advance(60_000);
          await orders.updateOne(
            { _id: 'order-z' },
            { $set: { _outboxLease: { owner: 'other', until: '9999' } } },
          );
        }
        await memory.publish(topic, e);
      },
    };
    await createOutboxRelay({ bus: stalled, collections: [orders], logger, clock, leaseMs: 1000 }).flush();
    const [doc] = await orders.find({ _id: 'order-z' });
    expect(doc._outbox).toEqual([]);
    expect(doc._outboxLease?.owner).toBe('other');
  });

  test('a kick naming the collection written relays just that one; a kick naming none, all', async () => {
    const store = createNedbStore();
    const [orders, invoices] = [
      await store.collection<BaseDoc & WithOutbox>('orders'),
      await store.collection<BaseDoc & WithOutbox>('invoices'),
    ];
    const callsOnInvoices: string[] = [];
    const watchedInvoices = new Proxy(invoices, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => (callsOnInvoices.push(String(key)), value.apply(target, args));
      },
    });
    const heard: string[] = [];
    const bus = createMemoryBus(logger);
    await bus.subscribe('orders.v1', 'billing', async (got) => void heard.push(got.id));
    const relay = createOutboxRelay({
      bus,
      collections: [orders, watchedInvoices],
      logger,
      clock: systemClock,
      intervalMs: 3_600_000,
    });
    relay.start();
    await relay.flush();
    const heardOf = async (id: string) => {
      while (!heard.includes(id)) await new Promise((r) => setTimeout(r, 5));
    };
    try {
      const [order, invoice] = [event('order-k'), event('invoice-k')];
      await orders.insertOne(withEvents({ _id: 'order-k' }, [{ topic: 'orders.v1', event: order }]));
      await invoices.insertOne(withEvents({ _id: 'invoice-k' }, [{ topic: 'orders.v1', event: invoice }]));
      callsOnInvoices.length = 0;
      relay.kick(orders);
      await heardOf(order.id);
      while ((await orders.count({ '_outbox.0': { $exists: true } })) > 0)
        await new Promise((r) => setTimeout(r, 5));
      expect(heard).toEqual([order.id]);
      expect(callsOnInvoices).toEqual([]);
      relay.kick();
      await heardOf(invoice.id);
      expect(heard).toEqual([order.id, invoice.id]);
    } finally {
      await relay.stop();
    }
  });
});
