import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@moba/contracts';
import { deadLetterTopic, type EventBus } from '../../bus/event-bus';
import { TransientError } from '../../bus/failure';

/**
 * The EventBus contract (ARCHITECTURE §3). Every adapter runs it.
 *
 * `makeBus` is called once per client a test needs (a second client stands for another process):
 * every bus it returns during one test must talk to the same broker. Topics are fresh per test, so a
 * shared broker (a real Redis) needs no cleaning. The suite closes what it made.
 */
export interface BusContractOptions {
  /** How long to wait for asynchronous delivery (real brokers need more). */
  timeoutMs?: number;
  /** Jest's limit for each test (a broker's group joins take seconds). */
  testTimeoutMs?: number;
}

export function contractEvent(key: string, data: Record<string, unknown> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'ContractTested',
    version: 1,
    occurredAt: new Date().toISOString(),
    key,
    data,
  };
}

async function waitFor(check: () => boolean, label: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function eventBusContract(
  name: string,
  makeBus: () => EventBus | Promise<EventBus>,
  { timeoutMs = 5000, testTimeoutMs = 20000 }: BusContractOptions = {},
) {
  describe(`EventBus contract: ${name}`, () => {
    const made: EventBus[] = [];
    const connect = async () => {
      const bus = await makeBus();
      made.push(bus);
      return bus;
    };
    const freshTopic = () => `contract.${randomUUID().slice(0, 8)}.v1`;

    const it = (title: string, run: () => Promise<void>) => test(title, run, testTimeoutMs);

    afterEach(async () => {
      for (const bus of made.splice(0).reverse()) await bus.close().catch(() => undefined);
    });

    it('delivers a published envelope to a subscriber unchanged', async () => {
      const bus = await connect();
      const topic = freshTopic();
      const seen: EventEnvelope[] = [];
      await bus.subscribe(topic, 'readers', async (event) => {
        seen.push(event);
      });
      const event = {
        ...contractEvent('aggregate-1', { nested: { list: [1, 'two'] }, flag: true }),
        correlationId: 'req-1',
      };
      await bus.publish(topic, event);
      await waitFor(() => seen.length === 1, 'delivery', timeoutMs);
      expect(seen[0]).toEqual(event);
    });

    it('keeps the order of events with the same key', async () => {
      const bus = await connect();
      const topic = freshTopic();
      const seen = new Map<string, number[]>();
      await bus.subscribe(topic, 'ordered', async (event) => {
        // Uneven handling times would reorder a bus that does not serialise per key.
        await pause(Math.random() * 3);
        const list = seen.get(event.key) ?? [];
        list.push((event.data as { n: number }).n);
        seen.set(event.key, list);
      });
      const keys = ['key-a', 'key-b', 'key-c'];
      const published: Promise<void>[] = [];
      for (let n = 0; n < 15; n++)
        for (const key of keys) published.push(bus.publish(topic, contractEvent(key, { n })));
      await Promise.all(published);
      await waitFor(() => keys.every((k) => seen.get(k)?.length === 15), 'all 45 events', timeoutMs);
      for (const key of keys) expect(seen.get(key)).toEqual([...Array(15).keys()]);
    });

    it('gives every consumer group each event', async () => {
      const bus = await connect();
      const topic = freshTopic();
      const byGroup: Record<string, string[]> = { mail: [], stats: [], search: [] };
      for (const group of Object.keys(byGroup)) {
        await bus.subscribe(topic, group, async (event) => {
          byGroup[group].push(event.id);
        });
      }
      const events = [...Array(10)].map((_, i) => contractEvent(`agg-${i}`));
      for (const event of events) await bus.publish(topic, event);
      await waitFor(() => Object.values(byGroup).every((ids) => ids.length >= 10), 'every group', timeoutMs);
      await pause(100);
      for (const ids of Object.values(byGroup))
        expect([...ids].sort()).toEqual(events.map((e) => e.id).sort());
    });

    it('gives a transient group only the events published after it subscribed', async () => {
      const bus = await connect();
      const topic = freshTopic();
      const before = contractEvent('replica-1', { n: 1 });
      await bus.publish(topic, before);
      const heard: string[] = [];
      await bus.subscribe(topic, `replica-${randomUUID()}`, async (event) => void heard.push(event.id), {
        transient: true,
      });
      const after = contractEvent('replica-1', { n: 2 });
      await bus.publish(topic, after);
      await waitFor(() => heard.length >= 1, 'the event published after subscribing', timeoutMs);
      await pause(100);
      expect(heard).toEqual([after.id]);
    });

    it('shares the work between two members of one group, each event once per group', async () => {
      const first = await connect();
      const second = await connect();
      const topic = freshTopic();
      const handled: Record<string, string[]> = { first: [], second: [] };
      const member = (label: 'first' | 'second') => async (event: EventEnvelope) => {
        await pause(15);
        handled[label].push(event.id);
      };
      await first.subscribe(topic, 'workers', member('first'));
      await second.subscribe(topic, 'workers', member('second'));
      const events = [...Array(20)].map((_, i) => contractEvent(`job-${i}`));
      for (const event of events) {
        await first.publish(topic, event);
        await pause(5);
      }
      const total = () => handled.first.length + handled.second.length;
      await waitFor(() => total() >= 20, 'twenty events', timeoutMs);
      await pause(200);
      const all = [...handled.first, ...handled.second];
      expect(all.sort()).toEqual(events.map((e) => e.id).sort());
      expect(handled.first.length).toBeGreaterThan(0);
      expect(handled.second.length).toBeGreaterThan(0);
    });

    it('retries a failing handler with growing backoff until it succeeds (at least once)', async () => {
      const bus = await connect();
      const topic = freshTopic();
      const attempts: number[] = [];
      const dead: EventEnvelope[] = [];
      await bus.subscribe(deadLetterTopic(topic), 'dead-watch', async (event) => {
        dead.push(event);
      });
      await bus.subscribe(
        topic,
        'flaky',
        async () => {
          attempts.push(Date.now());
          if (attempts.length < 3) throw new Error('temporary failure');
        },
        { maxAttempts: 5, backoffMs: 40 },
      );
      await bus.publish(topic, contractEvent('flaky-1'));
      await waitFor(() => attempts.length >= 3, 'three attempts', timeoutMs);
      await pause(300);
      expect(attempts).toHaveLength(3);
      // Backoff 40 ms, then 80 ms (a little slack for timers).
      expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(35);
      expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(75);
      expect(dead).toHaveLength(0);
    });

    it('sends an event to the dead-letter topic after the last attempt, and goes on with the next', async () => {
      const bus = await connect();
      const topic = freshTopic();
      const dead: EventEnvelope[] = [];
      let attempts = 0;
      const passed: string[] = [];
      await bus.subscribe(deadLetterTopic(topic), 'dead-watch', async (event) => {
        dead.push(event);
      });
      await bus.subscribe(
        topic,
        'strict',
        async (event) => {
          if ((event.data as { poison?: boolean }).poison) {
            attempts++;
            throw new Error('cannot handle');
          }
          passed.push(event.id);
        },
        { maxAttempts: 3, backoffMs: 10 },
      );
      const poison = contractEvent('poison-1', { poison: true });
      const good = contractEvent('good-1');
      await bus.publish(topic, poison);
      await bus.publish(topic, good);
      await waitFor(
        () => dead.length === 1 && passed.length === 1,
        'dead letter and the good event',
        timeoutMs,
      );
      await pause(200);
      expect(attempts).toBe(3);
      expect(dead[0]).toEqual(poison);
      expect(passed).toEqual([good.id]);
    });
    it('retries a transient failure (an outage) without end and never dead-letters it', async () => {
      const bus = await connect();
      const topic = freshTopic();
      let attempts = 0;
      const handled: string[] = [];
      await bus.subscribe(
        topic,
        'patient',
        async (event) => {
          attempts++;
          if (attempts <= 8) throw new TransientError('store unreachable');
          handled.push(event.id);
        },
        { maxAttempts: 2, backoffMs: 5, maxTransientBackoffMs: 20 },
      );
      const event = contractEvent('outage-1');
      await bus.publish(topic, event);
      await waitFor(() => handled.length === 1, 'the event after the outage', timeoutMs);
      expect(attempts).toBe(9);
      expect(await bus.deadLetters.count(topic)).toBe(0);
    });

    it('dead-letters an entry that is not a valid envelope, unseen by the handler, and goes on', async () => {
      const bus = await connect();
      const topic = freshTopic();
      const seen: string[] = [];
      await bus.subscribe(topic, 'checked', async (event) => void seen.push(event.id));
      const broken = { ...contractEvent('broken-1'), id: 'not-a-uuid', occurredAt: 'yesterday' };
      const good = contractEvent('broken-1');
      await bus.publish(topic, broken);
      await bus.publish(topic, good);
      await waitFor(() => seen.length === 1, 'the valid event', timeoutMs);
      const deadline = Date.now() + timeoutMs;
      while ((await bus.deadLetters.count(topic)) < 1 && Date.now() < deadline) await pause(20);
      expect(await bus.deadLetters.count(topic)).toBe(1);
      expect(seen).toEqual([good.id]);
    });

    it('redrives dead-lettered events to their topic once the cause is fixed, and empties the dead letters', async () => {
      const bus = await connect();
      const topic = freshTopic();
      let fixed = false;
      const handled: string[] = [];
      await bus.subscribe(
        topic,
        'redriven',
        async (event) => {
          if (!fixed) throw new Error('a bug');
          handled.push(event.id);
        },
        { maxAttempts: 2, backoffMs: 5 },
      );
      const event = contractEvent('redrive-1');
      await bus.publish(topic, event);
      const deadline = Date.now() + timeoutMs;
      while ((await bus.deadLetters.count(topic)) < 1 && Date.now() < deadline) await pause(20);
      expect(await bus.deadLetters.count(topic)).toBe(1);
      fixed = true;
      expect(await bus.deadLetters.redrive(topic)).toEqual({ redriven: 1, kept: 0 });
      await waitFor(() => handled.length === 1, 'the redriven event', timeoutMs);
      expect(handled).toEqual([event.id]);
      expect(await bus.deadLetters.count(topic)).toBe(0);
    });

    describe('subscribeBatch', () => {
      it('hands over several events at once, each once, at most batchSize, in order per key', async () => {
        const bus = await connect();
        const topic = freshTopic();
        const batches: EventEnvelope[][] = [];
        await bus.subscribeBatch(
          topic,
          'batched',
          async (events) => {
            batches.push(events);
            await pause(20); // events published meanwhile wait for the next batch
          },
          { batchSize: 10 },
        );
        const keys = ['key-a', 'key-b', 'key-c'];
        const published: EventEnvelope[] = [];
        for (let n = 0; n < 20; n++) for (const key of keys) published.push(contractEvent(key, { n }));
        await Promise.all(published.map((event) => bus.publish(topic, event)));
        const seen = () => batches.flat();
        await waitFor(() => seen().length >= 60, 'all 60 events', timeoutMs);
        await pause(100);
        expect(
          seen()
            .map((e) => e.id)
            .sort(),
        ).toEqual(published.map((e) => e.id).sort());
        expect(Math.max(...batches.map((b) => b.length))).toBeGreaterThan(1);
        expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(10);
        for (const key of keys)
          expect(
            seen()
              .filter((e) => e.key === key)
              .map((e) => (e.data as { n: number }).n),
          ).toEqual([...Array(20).keys()]);
      });

      it('splits a batch that keeps failing: the others pass, the poison event alone is dead-lettered', async () => {
        const bus = await connect();
        const topic = freshTopic();
        const dead: EventEnvelope[] = [];
        const passed: string[] = [];
        let aloneAttempts = 0;
        await bus.subscribe(deadLetterTopic(topic), 'dead-watch', async (event) => void dead.push(event));
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await bus.subscribeBatch(
          topic,
          'strict',
          async (events) => {
            if (events.some((e) => e.key === 'first')) return held; // the others queue up behind it
            if (events.some((e) => (e.data as { poison?: boolean }).poison)) {
              if (events.length === 1) aloneAttempts++;
              throw new Error('cannot handle');
            }
            passed.push(...events.map((e) => e.id));
          },
          { maxAttempts: 3, backoffMs: 10 },
        );
        const first = contractEvent('first');
        const poison = contractEvent('poison-1', { poison: true });
        const good = [contractEvent('good-1'), contractEvent('good-2')];
        const delivered = [bus.publish(topic, first)];
        await pause(100);
        delivered.push(...[good[0], poison, good[1]].map((event) => bus.publish(topic, event)));
        await pause(100);
        release();
        await Promise.all(delivered);
        await waitFor(
          () => dead.length === 1 && passed.length === 2,
          'the dead letter and the others',
          timeoutMs,
        );
        await pause(200);
        expect(dead[0]).toEqual(poison);
        expect(aloneAttempts).toBe(3);
        expect(passed.sort()).toEqual(good.map((e) => e.id).sort());
      });

      it('retries a batch through an outage without end and dead-letters nothing', async () => {
        const bus = await connect();
        const topic = freshTopic();
        let failures = 0;
        const handled: string[] = [];
        await bus.subscribeBatch(
          topic,
          'patient',
          async (events) => {
            if (failures++ < 5) throw new TransientError('store unreachable');
            handled.push(...events.map((e) => e.id));
          },
          { maxAttempts: 2, backoffMs: 5, maxTransientBackoffMs: 20 },
        );
        const events = [contractEvent('outage-1'), contractEvent('outage-2'), contractEvent('outage-3')];
        await Promise.all(events.map((event) => bus.publish(topic, event)));
        await waitFor(() => handled.length === 3, 'the events after the outage', timeoutMs);
        expect(handled.sort()).toEqual(events.map((e) => e.id).sort());
        expect(await bus.deadLetters.count(topic)).toBe(0);
      });
    });
  });
}
