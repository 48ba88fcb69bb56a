import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@moba/platform';
import { createServiceProxies, recycled } from '../src/proxy';
import type { ServiceName } from '../src/route-table';
import { startCountingService, until } from './fixtures/counting-service';

/** A clock the test moves: connections age without the test waiting. */
function manualClock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** A POST through the agent (a write: the gateway never sends it twice); its status or its error. */
function post(agent: http.Agent, url: string, path = '/applications'): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request(`${url}${path}`, { method: 'POST', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end('{}');
  });
}

const MAX_AGE_MS = 10_000;

describe('a recycled keep-alive connection', () => {
  let service: Awaited<ReturnType<typeof startCountingService>>;
  let agent: http.Agent;
  const clock = manualClock();
  beforeEach(async () => {
    service = await startCountingService();
    agent = recycled(new http.Agent({ keepAlive: true, maxSockets: 64 }), MAX_AGE_MS, clock.now);
  });
  afterEach(async () => {
    agent.destroy();
    await service.close();
  });

  it('is reused while young, then replaced once past its age: requests in sequence all answered', async () => {
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 4; i++) statuses.push(await post(agent, service.url));
    expect(service.counts.connections).toBe(1);

    clock.advance(MAX_AGE_MS);
    for (let i = 0; i < 4; i++) statuses.push(await post(agent, service.url));

    expect(statuses).toEqual(Array(8).fill(200));
    // The old connection served one more request (it was freed past its age) and was closed; a new one took over.
    expect(service.counts.connections).toBe(2);
    expect(service.counts.requests).toBe(8);
  });

  it('is closed, not pooled, when freed past its age: the next request never gets it', async () => {
    expect(await post(agent, service.url)).toBe(200); // the first connection
    const old = post(agent, service.url, '/hold'); // keeps it busy
    await service.whenHeld();
    clock.advance(MAX_AGE_MS);
    expect(await post(agent, service.url)).toBe(200); // a second, young connection, now idle

    // The old one is freed past its age; a write sent the moment its answer arrives.
    const next = old.then(() => post(agent, service.url));
    service.release();

    expect([await old, await next]).toEqual([200, 200]);
    expect(service.counts.requests).toBe(4);
    expect(service.counts.connections).toBe(2);
  });
});

describe('the gateway across the connection age limit', () => {
  it('hands an old connection to the write queued for it and closes it after: no 502', async () => {
    const service = await startCountingService();
    const clock = manualClock();
    const urls = { application: [service.url] } as unknown as Record<ServiceName, string[]>;
    const proxies = createServiceProxies(urls, 5_000, createLogger('test', 'silent'), {
      connectionMaxAgeMs: MAX_AGE_MS,
      now: clock.now,
      connectionsPerInstance: 1,
    });
    let arrived = 0;
    const server = http.createServer((req, res) => {
      arrived++;
      proxies.forward('application', req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const client = new http.Agent({ keepAlive: true });
    try {
      expect(await post(client, gateway)).toBe(200);
      const old = post(client, gateway, '/hold'); // the gateway's one connection, busy
      await service.whenHeld();
      clock.advance(MAX_AGE_MS);
      // Queued in the gateway behind the held write, for the one connection; it gets it once freed.
      const queued = post(client, gateway);
      // Forwarded as it arrives: queued before any answer can come back.
      await until(() => arrived === 3);
      service.release();

      expect([await old, await queued]).toEqual([200, 200]);
      expect(await post(client, gateway)).toBe(200);
      expect(service.counts.requests).toBe(4);
      expect(service.counts.connections).toBe(2);
    } finally {
      client.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.close();
    }
  });
});
