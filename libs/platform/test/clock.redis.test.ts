import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Redis from 'ioredis';
import { createSharedClock } from '../src/adapters';
import type { SharedClock } from '../src/clock';
import { deleteKeys, REDIS_URL } from './fixtures/redis';
import { spawnTs, type Child } from './fixtures/spawn';

const DAY = 86_400_000;

describe('the dev clock shared through Redis (CLOCK_URL=redis://…)', () => {
  const key = `clock-${randomUUID().slice(0, 8)}`;
  const url = `${REDIS_URL}?key=${key}`;
  const clocks: SharedClock[] = [];
  const children: Child[] = [];
  const open = async () => {
    const clock = (await createSharedClock(url, 'development'))!;
    clocks.push(clock);
    return clock;
  };
  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill()));
    await Promise.all(clocks.map((c) => c.close()));
    await deleteKeys(`${key}*`);
  });

  it('is the machine time unless CLOCK_URL names a shared one, and is refused in production', async () => {
    expect(await createSharedClock('system://', 'production')).toBeUndefined();
    await expect(createSharedClock(url, 'production')).rejects.toThrow(/CLOCK_URL.*production/);
    await expect(createSharedClock('ntp://pool', 'development')).rejects.toThrow(/CLOCK_URL/);
    await expect(createSharedClock('redis://127.0.0.1:1', 'development')).rejects.toThrow(
      /CLOCK_URL: no Redis answers/,
    );
  });

  it('moves every process: a move in one is announced to two other processes and shows there, and a process started later starts moved', async () => {
    const script = join(__dirname, 'fixtures', 'clock-follower.ts');
    for (const name of ['first', 'second']) {
      const child = spawnTs(script, [url, name]);
      children.push(child);
      await child.line(new RegExp(`^ready ${name} 0$`), 20_000);
    }
    const mover = await open();
    await mover.advance(3 * DAY);
    expect(mover.offsetMs()).toBe(3 * DAY);
    expect(Math.abs(mover.now().getTime() - (Date.now() + 3 * DAY))).toBeLessThan(1000);
    await Promise.all(
      ['first', 'second'].map((name, i) =>
        children[i].line(new RegExp(`^offset ${name} ${3 * DAY}$`), 30_000),
      ),
    );

    const late = spawnTs(script, [url, 'late', 'advance', String(DAY)]);
    children.push(late);
    await late.line(new RegExp(`^ready late ${3 * DAY}$`), 20_000);
    await late.line(new RegExp(`^offset late ${4 * DAY}$`), 30_000);
    await children[0].line(new RegExp(`^offset first ${4 * DAY}$`), 30_000);
    await eventuallyEqual(() => mover.offsetMs(), 4 * DAY);
  }, 60_000);

  it('ignores a repeated or late announcement of an older move', async () => {
    const clock = await open();
    const before = clock.offsetMs();
    const redis = new Redis(REDIS_URL);
    try {
      await redis.publish(`${key}:moved`, `1:${DAY}`); // the first move, announced again
      await new Promise((r) => setTimeout(r, 200));
      expect(clock.offsetMs()).toBe(before);
    } finally {
      redis.disconnect();
    }
  });
});

async function eventuallyEqual(read: () => number, expected: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (read() !== expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(read()).toBe(expected);
}
