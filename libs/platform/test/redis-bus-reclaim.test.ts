import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { EventEnvelope } from '@moba/contracts';
import { createRedisBus } from '../src/bus/redis-bus';
import { deadLetterTopic, type EventBus } from '../src';
import { contractEvent } from '../src/testing/contracts';
import { deleteKeys, REDIS_URL } from './fixtures/redis';

/** What the Redis Streams bus does with entries a consumer took and never acknowledged. */
describe('Redis Streams bus: pending entries of dead consumers', () => {
  const prefix = `reclaim-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  const buses: EventBus[] = [];
  beforeAll(() => redis.connect());
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
  });
  afterAll(async () => {
    await deleteKeys(`${prefix}:*`);
    redis.disconnect();
  });

  /** A consumer that read the event and died: the entry stays pending under its name. */
  async function leftPendingByGhost(topic: string, group: string, event: EventEnvelope, extraDeliveries = 0) {
    const stream = `${prefix}:${topic}`;
    await redis.xgroup('CREATE', stream, group, '0', 'MKSTREAM');
    const id = await redis.xadd(stream, '*', 'key', event.key, 'event', JSON.stringify(event));
    await redis.xreadgroup('GROUP', group, 'ghost', 'COUNT', 10, 'STREAMS', stream, '>');
    if (extraDeliveries) await redis.xclaim(stream, group, 'ghost', 0, id!, 'RETRYCOUNT', extraDeliveries);
    return { stream, id: id! };
  }

  const busWith = async (claimIdleMs: number) => {
    const bus = await createRedisBus(
      `${REDIS_URL}?prefix=${prefix}&claimIdleMs=${claimIdleMs}&blockMs=200`,
      'reclaim-test',
    );
    buses.push(bus);
    return bus;
  };

  const waitFor = async (check: () => boolean, label: string) => {
    const deadline = Date.now() + 8000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('hands an entry a dead consumer left pending to a live member once it has been idle long enough, and acknowledges it', async () => {
    const topic = 'orders.v1';
    const event = contractEvent('order-1');
    const { stream } = await leftPendingByGhost(topic, 'billing', event);
    const bus = await busWith(300);
    const seen: { id: string; at: number }[] = [];
    const subscribedAt = Date.now();
    await bus.subscribe(topic, 'billing', async (e) => void seen.push({ id: e.id, at: Date.now() }));
    await waitFor(() => seen.length === 1, 'the reclaimed event');
    expect(seen[0].id).toBe(event.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(1);
    const [count] = (await redis.xpending(stream, 'billing')) as [number];
    expect(count).toBe(0);
    expect(seen[0].at - subscribedAt).toBeLessThan(5000);
  });

  it('sends an entry already delivered more than maxAttempts times to the dead-letter topic without handling it again', async () => {
    const topic = 'payments.v1';
    const poison = contractEvent('payment-1', { crashesTheConsumer: true });
    const { stream } = await leftPendingByGhost(topic, 'ledger', poison, 9);
    const bus = await busWith(100);
    const handled: string[] = [];
    const dead: EventEnvelope[] = [];
    await bus.subscribe(deadLetterTopic(topic), 'watch', async (e) => void dead.push(e));
    await bus.subscribe(topic, 'ledger', async (e) => void handled.push(e.id), { maxAttempts: 3 });
    await waitFor(() => dead.length === 1, 'the dead letter');
    expect(dead[0]).toEqual(poison);
    expect(handled).toEqual([]);
    const [count] = (await redis.xpending(stream, 'ledger')) as [number];
    expect(count).toBe(0);
  });

  it('leaves an entry a live consumer is still handling with it, however long the handler runs', async () => {
    const topic = 'alerts.v1';
    const claimIdleMs = 1000;
    const [first, second] = [await busWith(claimIdleMs), await busWith(claimIdleMs)];
    const handled: string[] = [];
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slowly = (member: string) => async () => {
      handled.push(member);
      await finished;
    };
    await first.subscribe(topic, 'alerts', slowly('first'));
    await second.subscribe(topic, 'alerts', slowly('second'));
    await first.publish(topic, contractEvent('alert-1'));
    await waitFor(() => handled.length === 1, 'the handler to start');
    const startedAt = Date.now();
    try {
      // Four times the idle time after which a stopped consumer's entries are taken over.
      while (Date.now() - startedAt < 4 * claimIdleMs) await new Promise((r) => setTimeout(r, 100));
      expect(handled).toHaveLength(1);
    } finally {
      finish();
    }
    const stream = `${prefix}:${topic}`;
    for (let deadline = Date.now() + 8000; ;) {
      const [pending] = (await redis.xpending(stream, 'alerts')) as [number];
      if (pending === 0) break;
      if (Date.now() > deadline) throw new Error('the entry was never acknowledged');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(handled).toHaveLength(1);
  });
});
