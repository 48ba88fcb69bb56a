import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { createWindowCounter, listen, type Listening, type WindowCounter } from '@moba/platform';
import { testClient } from '@moba/platform/testing';
import { loginGatewayOver } from './fixtures/client-addresses';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let upstream: Listening;
const opened: { gateway: Listening; counter: WindowCounter | null }[] = [];

beforeAll(async () => {
  const answer: http.RequestListener = (_req, res) => void res.writeHead(200).end('{}');
  upstream = await listen(answer, 0);
});
afterAll(async () => {
  for (const { gateway, counter } of opened) {
    await gateway.close();
    await counter?.close();
  }
  await upstream.close();
});

async function gatewayWith(counter: WindowCounter | null) {
  const gateway = await loginGatewayOver(upstream, { rateCounter: counter });
  opened.push({ gateway, counter });
  return testClient(gateway.url);
}

const login = (client: ReturnType<typeof testClient>) => client.post('/api/login', { email: 'a@b.rs' });

test('two gateways on one Redis share the login limit: 20 in all, whichever instance is hit', async () => {
  const url = `${REDIS_URL}?prefix=test:gateway-rate:${randomUUID()}:`;
  const [a, b] = [
    await gatewayWith(await createWindowCounter(url)),
    await gatewayWith(await createWindowCounter(url)),
  ];
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await login(a)).status, (await login(b)).status);
  expect(statuses.every((s) => s === 200)).toBe(true);
  const refused = await login(a);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  expect((await login(b)).status).toBe(429);
  const keys = new Redis(REDIS_URL);
  try {
    await keys.del(...(await keys.keys(`${new URL(url).searchParams.get('prefix')}*`)));
  } finally {
    keys.disconnect();
  }
});

test('when the shared counter fails, the gateway keeps limiting on its own and answers every call', async () => {
  let calls = 0;
  const broken: WindowCounter = {
    hit: async () => {
      calls++;
      throw new Error('connection lost');
    },
    close: async () => undefined,
  };
  const client = await gatewayWith(broken);
  const statuses: number[] = [];
  const started = Date.now();
  for (let i = 0; i < 21; i++) statuses.push((await login(client)).status);
  const elapsed = Date.now() - started;
  expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
  expect(statuses[20]).toBe(429);
  // After a failure it steps aside for 5 s instead of trying on every call: once, unless a loaded
  // machine took longer than that for the 21 calls.
  expect(calls).toBeGreaterThanOrEqual(1);
  expect(calls).toBeLessThanOrEqual(1 + Math.floor(elapsed / 5000));
});
