import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { createRedisBus } from '../src/bus/redis-bus';
import { eventBusContract } from '../src/testing/contracts';
import { deleteKeys, REDIS_URL } from './fixtures/redis';

// Runs always: CI (.ci/run) makes sure a redis-server answers on loopback. The stream prefix keeps
// parallel runs on one Redis apart.
const prefix = `contract-${randomUUID().slice(0, 8)}`;
afterAll(() => deleteKeys(`${prefix}:*`));
eventBusContract(`redis:// Streams (${REDIS_URL})`, () =>
  createRedisBus(`${REDIS_URL}?prefix=${prefix}`, 'contract', undefined, { blockMs: 500, claimIdleMs: 5000 }),
);

test("a transient group is removed when its bus closes; a service's durable group stays", async () => {
  const bus = await createRedisBus(`${REDIS_URL}?prefix=${prefix}`, 'groups', undefined, { blockMs: 200 });
  await bus.subscribe('auth', 'gateway-pod-1', async () => undefined, { transient: true });
  await bus.subscribe('auth', 'notification', async () => undefined);
  const redis = new Redis(REDIS_URL);
  try {
    const groups = async () =>
      ((await redis.xinfo('GROUPS', `${prefix}:auth`)) as unknown[][]).map((g) => String(g[1])).sort();
    expect(await groups()).toEqual(['gateway-pod-1', 'notification']);
    await bus.close();
    expect(await groups()).toEqual(['notification']);
  } finally {
    redis.disconnect();
  }
});

test('the transient group of a killed process is destroyed by the next transient subscriber; a live one stays', async () => {
  const url = `${REDIS_URL}?prefix=${prefix}`;
  const redis = new Redis(REDIS_URL);
  const stream = `${prefix}:vacancy`;
  const groups = async () =>
    ((await redis.xinfo('GROUPS', stream)) as unknown[][]).map((g) => String(g[1])).sort();
  const live = await createRedisBus(url, 'live', undefined, { blockMs: 100, transientStaleMs: 2_000 });
  const next = await createRedisBus(url, 'next', undefined, { blockMs: 100, transientStaleMs: 2_000 });
  try {
    await live.subscribe('vacancy', 'browse-live', async () => undefined, { transient: true });
    // What a SIGKILLed instance leaves: its group and its last beat, which never comes again.
    await redis.xgroup('CREATE', stream, 'browse-killed', '$', 'MKSTREAM');
    await redis.hset(`${prefix}:transient-groups`, `${stream}\nbrowse-killed`, String(Date.now() - 60_000));
    await new Promise((r) => setTimeout(r, 2_500)); // longer than the stale time: only beats keep a group

    await next.subscribe('vacancy', 'browse-next', async () => undefined, { transient: true });
    expect(await groups()).toEqual(['browse-live', 'browse-next']);
    expect(await redis.hkeys(`${prefix}:transient-groups`)).not.toContain(`${stream}\nbrowse-killed`);
  } finally {
    await live.close();
    await next.close();
    redis.disconnect();
  }
});
