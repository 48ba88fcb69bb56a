import { randomUUID } from 'node:crypto';
import { createRedisBus } from '../src/bus/redis-bus';
import { isTransientFailure } from '../src/bus/failure';
import { createRedisFanout } from '../src/fanout/redis-fanout';
import { createRedisClock } from '../src/redis-clock';
import { contractEvent } from '../src/testing/contracts/bus-contract';
import { startFreezableProxy } from './fixtures/freezable-proxy';
import { within } from './fixtures/within';
import { deleteKeys, REDIS_URL } from './fixtures/redis';

/**
 * A Redis that stops answering (a TCP proxy holding every byte, sockets open) fails the commands of
 * the bus, the fan-out and the dev clock within seconds, as a transient failure, instead of holding
 * them without end; once it answers again the next command succeeds.
 */
const prefix = `timeouts-${randomUUID().slice(0, 8)}`;
let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
beforeEach(async () => {
  proxy = await startFreezableProxy(REDIS_URL);
});
afterEach(async () => {
  proxy.thaw();
  await proxy.close();
});
afterAll(() => deleteKeys(`${prefix}*`));

async function expectTransientFailure(what: string, command: Promise<unknown>) {
  const failure = await within(
    12_000,
    what,
    command.then(
      () => undefined,
      (error: unknown) => error,
    ),
  );
  expect(failure).toBeInstanceOf(Error);
  expect(isTransientFailure(failure)).toBe(true);
}

test('the event bus: a publish to a hung Redis fails within seconds, and succeeds once it answers', async () => {
  const bus = await createRedisBus(`${proxy.url}?prefix=${prefix}`, 'timeouts', undefined, { blockMs: 200 });
  try {
    proxy.freeze();
    await expectTransientFailure('a publish', bus.publish('auth', contractEvent('k1')));
    proxy.thaw();
    await within(12_000, 'a publish after the hang', bus.publish('auth', contractEvent('k2')));
  } finally {
    proxy.thaw();
    await bus.close();
  }
}, 40_000);

test('the fan-out: a publish to a hung Redis fails within seconds, and succeeds once it answers', async () => {
  const fanout = await createRedisFanout(`${proxy.url}?channel=${prefix}:fanout`);
  try {
    proxy.freeze();
    await expectTransientFailure('a fan-out publish', fanout.publish('user-1', { hello: 1 }));
    proxy.thaw();
    await within(12_000, 'a fan-out publish after the hang', fanout.publish('user-1', { hello: 2 }));
  } finally {
    proxy.thaw();
    await fanout.close();
  }
}, 40_000);

test('the dev clock: a move on a hung Redis fails within seconds, and succeeds once it answers', async () => {
  const clock = await createRedisClock(`${proxy.url}?key=${prefix}:clock`);
  try {
    proxy.freeze();
    await expectTransientFailure('a clock move', clock.advance(1000));
    proxy.thaw();
    await within(12_000, 'a clock move after the hang', clock.advance(1000));
  } finally {
    proxy.thaw();
    await clock.close();
  }
}, 40_000);
