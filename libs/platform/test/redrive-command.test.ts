import { randomUUID } from 'node:crypto';
import { createRedisBus } from '../src/bus/redis-bus';
import { contractEvent } from '../src/testing/contracts';
import { runTsToEnd, REPO_ROOT } from './fixtures/spawn';
import { deleteKeys, REDIS_URL } from './fixtures/redis';
import { join } from 'node:path';

const prefix = `redrive-${randomUUID().slice(0, 8)}`;
afterAll(() => deleteKeys(`${prefix}:*`));

test('npm run redrive moves dead-lettered events back to their topic, where the fixed consumer handles them', async () => {
  const url = `${REDIS_URL}?prefix=${prefix}`;
  const bus = await createRedisBus(url, 'redrive-test', undefined, { blockMs: 200 });
  try {
    let fixed = false;
    const handled: string[] = [];
    await bus.subscribe(
      'orders.v1',
      'billing',
      async (event) => {
        if (!fixed) throw new Error('a bug in billing');
        handled.push(event.id);
      },
      { maxAttempts: 2, backoffMs: 5 },
    );
    const event = contractEvent('order-1');
    await bus.publish('orders.v1', event);
    for (let i = 0; i < 100 && (await bus.deadLetters.count('orders.v1')) === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await bus.deadLetters.count('orders.v1')).toBe(1);

    fixed = true; // the fix is deployed; the operator redrives
    const run = await runTsToEnd(join(REPO_ROOT, 'scripts/redrive.ts'), ['orders.v1'], {
      EVENT_BUS_URL: url,
    });
    expect(run.code).toBe(0);
    expect(run.output).toContain('orders.v1: 1 redriven, 0 unreadable kept');
    for (let i = 0; i < 100 && handled.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(handled).toEqual([event.id]);
    expect(await bus.deadLetters.count('orders.v1')).toBe(0);
  } finally {
    await bus.close();
  }
}, 60_000);
