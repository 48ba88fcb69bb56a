import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@moba/platform';
import { httpStatusOf } from '@moba/contracts';
import { gatewayConfigSchema } from '../src/config';
import { createServiceProxies, DEFAULT_QUEUE_LIMIT } from '../src/proxy';
import type { ServiceName } from '../src/route-table';
import { startCountingService, until } from './fixtures/counting-service';

type Service = Awaited<ReturnType<typeof startCountingService>>;

/** A gateway in front of the application service's instances, `queueLimit` requests waiting for each. */
async function startGateway(instances: Service[], queueLimit: number) {
  const urls = { application: instances.map((i) => i.url) } as unknown as Record<ServiceName, string[]>;
  const proxies = createServiceProxies(urls, 10_000, createLogger('test', 'silent'), { queueLimit });
  const answers = { closed: 0 };
  const server = http.createServer((req, res) => {
    proxies.forward('application', req, res);
    res.once('close', () => answers.closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    /** Requests whose answer was sent or whose client went away. */
    answers,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const post = async (url: string, signal?: AbortSignal) => {
  const response = await fetch(url, { method: 'POST', body: '{}', signal });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
};

describe('PROXY_QUEUE_LIMIT', () => {
  it('defaults to DEFAULT_QUEUE_LIMIT and refuses a value that is not a positive whole number', () => {
    const parse = (value?: string) => gatewayConfigSchema.safeParse({ PROXY_QUEUE_LIMIT: value });
    expect(parse().data?.PROXY_QUEUE_LIMIT).toBe(DEFAULT_QUEUE_LIMIT);
    expect(parse('64').data?.PROXY_QUEUE_LIMIT).toBe(64);
    for (const bad of ['0', '-5', 'many', '1.5']) expect(parse(bad).success).toBe(false);
  });
});

describe('the requests waiting for a service instance', () => {
  const running: { close: () => Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const it of running.splice(0).reverse()) await it.close();
  });
  const start = async (instanceCount: number, queueLimit: number) => {
    const instances: Service[] = [];
    for (let i = 0; i < instanceCount; i++) instances.push(await startCountingService());
    running.push(...instances);
    const gateway = await startGateway(instances, queueLimit);
    running.push(gateway);
    return { instances, gateway };
  };

  it('past the limit, a request is answered 503 at once with Retry-After and a catalogue code; it is served again once places free up', async () => {
    const { instances, gateway } = await start(1, 2);
    const [service] = instances;
    const held = [post(`${gateway.url}/hold`), post(`${gateway.url}/hold`)];
    await service.whenHeld(2);

    // Answered while the two others still wait: nothing times out here.
    const refused = await post(`${gateway.url}/applications`);
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(httpStatusOf(refused.body.error.code)).toBe(503); // the web has its text in both languages
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(service.counts.requests).toBe(0);

    service.release();
    expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200]);
    expect((await post(`${gateway.url}/applications`)).status).toBe(200);
    expect(service.counts.requests).toBe(3);
  });

  it('sends a request past one full instance to the next one with room, and refuses only when all are full', async () => {
    const { instances, gateway } = await start(2, 1);
    const held = [post(`${gateway.url}/hold`)];
    await instances[0].whenHeld(1);
    // Round robin would give instance 0 the next turn; it is full, so instance 1 takes it.
    held.push(post(`${gateway.url}/hold`));
    await instances[1].whenHeld(1);

    expect((await post(`${gateway.url}/applications`)).status).toBe(503);

    instances.forEach((i) => i.release());
    expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200]);
    expect((await post(`${gateway.url}/applications`)).status).toBe(200);
  });

  it('gives back the place of a client that went away before its answer', async () => {
    const { instances, gateway } = await start(1, 1);
    const [service] = instances;
    const abort = new AbortController();
    const gone = post(`${gateway.url}/hold`, abort.signal).catch((error: Error) => error.name);
    await service.whenHeld(1);
    abort.abort();
    expect(await gone).toBe('AbortError');

    // Its place is free once the gateway sees the client close.
    await until(() => gateway.answers.closed === 1);
    expect((await post(`${gateway.url}/applications`)).status).toBe(200);
  });
});
