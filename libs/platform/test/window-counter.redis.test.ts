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

test('two clients count into the same sliding window; a hit over the limit is refused and not counted', async () => {
  expect(await a.hit('login:1.2.3.4', 400, 3)).toMatchObject({ allowed: true, count: 1 });
  expect(await b.hit('login:1.2.3.4', 400, 3)).toMatchObject({ allowed: true, count: 2 });
  const third = await a.hit('login:1.2.3.4', 400, 3);
  expect(third).toMatchObject({ allowed: true, count: 3 });
  expect(third.resetInMs).toBeGreaterThan(0);
  expect(third.resetInMs).toBeLessThanOrEqual(400);
  expect(await b.hit('login:1.2.3.4', 400, 3)).toMatchObject({ allowed: false, count: 3 });
  expect(await b.hit('login:5.6.7.8', 400, 3)).toMatchObject({ allowed: true, count: 1 }); // another client
  await new Promise((r) => setTimeout(r, 450));
  expect(await b.hit('login:1.2.3.4', 400, 3)).toMatchObject({ allowed: true, count: 1 });
});

test('nobody gets twice the limit across a window boundary: any window of its length holds at most the limit', async () => {
  const key = `login:${randomUUID()}`;
  const window = 1000;
  const taken: number[] = [];
  const start = Date.now();
  // Hammer for two and a half windows; record when each allowed hit happened.
  while (Date.now() - start < window * 2.5) {
    const sent = Date.now();
    const hit = await (taken.length % 2 ? a : b).hit(key, window, 5);
    // Redis took the hit between sending and answering; the middle is within half the round trip.
    if (hit.allowed) taken.push((sent + Date.now()) / 2);
    await new Promise((r) => setTimeout(r, 10));
  }
  for (const at of taken) {
    const inWindow = taken.filter((t) => t >= at && t < at + window - 100).length; // slack for round trips
    expect(inWindow).toBeLessThanOrEqual(5);
  }
  expect(taken.length).toBeGreaterThanOrEqual(10);
});

test('concurrent hits are all counted, and exactly the limit is allowed', async () => {
  const hits = await Promise.all(
    Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).hit('contact:9.9.9.9', 10_000, 30)),
  );
  expect(hits.filter((h) => h.allowed)).toHaveLength(30);
  expect(
    hits
      .filter((h) => h.allowed)
      .map((h) => h.count)
      .sort((x, y) => x - y),
  ).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
});

test('memory:// shares nothing (null), an unknown scheme is refused naming it, a silent Redis is named', async () => {
  expect(await createWindowCounter('memory://')).toBeNull();
  await expect(createWindowCounter('kafka://x:9092')).rejects.toThrow(/kafka:\/\/x:9092/);
  await expect(createWindowCounter('redis://127.0.0.1:1')).rejects.toThrow(
    /RATE_LIMIT_URL: no Redis answers/,
  );
});
