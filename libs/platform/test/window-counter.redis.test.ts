import { randomUUID } from 'node:crypto';
import { createWindowCounter, type WindowCounter } from '../src';
import { deleteKeys, REDIS_URL } from './fixtures/redis';

const prefix = `test:rate:${randomUUID()}:`;
let a: WindowCounter;
let b: WindowCounter;

beforeAll(async () => {
  a = (await createWindowCounter(`${REDIS_URL}?prefix=${prefix}`))!;
  b = (await createWindowCounter(`${REDIS_URL}?prefix=${prefix}`))!;
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await deleteKeys(`${prefix}*`);
});

test('two clients count into the same window, which ends after its length', async () => {
  expect(await a.hit('login:1.2.3.4', 400)).toMatchObject({ count: 1 });
  expect(await b.hit('login:1.2.3.4', 400)).toMatchObject({ count: 2 });
  const third = await a.hit('login:1.2.3.4', 400);
  expect(third.count).toBe(3);
  expect(third.resetInMs).toBeGreaterThan(0);
  expect(third.resetInMs).toBeLessThanOrEqual(400);
  expect(await b.hit('login:5.6.7.8', 400)).toMatchObject({ count: 1 }); // another client, its own window
  await new Promise((r) => setTimeout(r, 450));
  expect(await b.hit('login:1.2.3.4', 400)).toMatchObject({ count: 1 });
});

test('concurrent hits are all counted', async () => {
  const counts = await Promise.all(
    Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).hit('contact:9.9.9.9', 10_000)),
  );
  expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
    Array.from({ length: 50 }, (_, i) => i + 1),
  );
});

test('memory:// shares nothing (null), an unknown scheme is refused naming it, a silent Redis is named', async () => {
  expect(await createWindowCounter('memory://')).toBeNull();
  await expect(createWindowCounter('kafka://x:9092')).rejects.toThrow(/kafka:\/\/x:9092/);
  await expect(createWindowCounter('redis://127.0.0.1:1')).rejects.toThrow(
    /RATE_LIMIT_URL: no Redis answers/,
  );
});
