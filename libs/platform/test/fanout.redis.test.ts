import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { createRedisFanout } from '../src/fanout/redis-fanout';
import { fanoutContract } from '../src/testing/contracts';
import { REDIS_URL } from './fixtures/redis';

// A channel per run, so parallel runs on one Redis do not hear each other.
const channel = `contract:fanout:${randomUUID()}`;
const url = `${REDIS_URL}?channel=${channel}`;
fanoutContract(`redis:// pub/sub (${REDIS_URL})`, () => createRedisFanout(url));

test('a payload without the publisher mark (an instance of the previous version) is heard by every instance', async () => {
  const instances = [await createRedisFanout(url), await createRedisFanout(url)];
  const older = new Redis(REDIS_URL);
  try {
    const heard: unknown[][] = [[], []];
    instances.forEach((fanout, i) => fanout.onMessage((userId) => heard[i].push(userId)));
    await older.publish(channel, JSON.stringify({ userId: 'one', message: { n: 1 } }));
    await older.publish(channel, JSON.stringify([{ userId: 'two', message: { n: 2 } }]));
    while (heard.some((list) => list.length < 2)) await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual([
      ['one', 'two'],
      ['one', 'two'],
    ]);
  } finally {
    older.disconnect();
    for (const fanout of instances) await fanout.close();
  }
});
