import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createRedisStore } from '../src/distributed/redis-store';
import { deleteKeys, REDIS_URL } from './fixtures/redis';
import { spawnTs } from './fixtures/spawn';

describe('redis:// store shared by two processes (the two notification instances)', () => {
  const prefix = `sharedstore-${randomUUID().slice(0, 8)}`;
  const url = `${REDIS_URL}?prefix=${prefix}`;
  afterAll(() => deleteKeys(`${prefix}:*`));

  it('keeps conditional updates atomic across processes: 2 × 25 decrements of a stock of 30 give 30 wins', async () => {
    const store = await createRedisStore(url, 'shared');
    const capacity = await store.collection<{ _id: string; stock: number }>('capacity');
    await capacity.insertOne({ _id: 'vacancy', stock: 30 });

    const startAt = String(Date.now() + 4000);
    const script = join(__dirname, 'fixtures', 'redis-store-decrement.ts');
    const children = [
      spawnTs(script, [url, '25'], { START_AT: startAt }),
      spawnTs(script, [url, '25'], { START_AT: startAt }),
    ];
    const lines = await Promise.all(children.map((c) => c.line(/"won"/, 30000)));
    const wins = lines.map((line) => (JSON.parse(line) as { won: number }).won);

    expect(wins[0] + wins[1]).toBe(30);
    expect((await capacity.findOne({ _id: 'vacancy' }))?.stock).toBe(0);
    await store.close();
    await Promise.all(children.map((c) => c.exited));
  }, 60000);
});
