import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createLogger } from '@moba/platform';
import { createServiceProxies } from '../src/proxy';
import type { ServiceName } from '../src/route-table';

/**
 * A service that closes a kept-alive connection as the next request arrives on it: the race a
 * starved or stopping instance loses against the gateway's connection pool.
 */
async function startClosingService() {
  const served = new WeakMap<Socket, number>();
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (count > 1) {
      req.socket.destroy();
      return;
    }
    received.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function startGateway(serviceUrl: string) {
  const urls = { vacancy: [serviceUrl] } as unknown as Record<ServiceName, string[]>;
  const proxies = createServiceProxies(urls, 5_000, createLogger('test', 'silent'));
  const server = http.createServer((req, res) => proxies.forward('vacancy', req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function send(url: string, method: string) {
  const response = await fetch(url, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
  return response.status;
}

describe('a kept-alive connection the service closes under a request', () => {
  let service: Awaited<ReturnType<typeof startClosingService>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeEach(async () => {
    service = await startClosingService();
    gateway = await startGateway(service.url);
  });
  afterEach(async () => {
    await gateway.close();
    await service.close();
  });

  it('sends a read again on a new connection instead of answering 502', async () => {
    expect(await send(`${gateway.url}/api/workers/vacancies/open`, 'GET')).toBe(200);
    expect(await send(`${gateway.url}/api/workers/vacancies/open?page=2`, 'GET')).toBe(200);
    expect(service.received).toEqual(['GET /workers/vacancies/open', 'GET /workers/vacancies/open?page=2']);
  });

  it('does not send a write twice: it answers 502, since the service may have received it', async () => {
    expect(await send(`${gateway.url}/api/workers/vacancies/open`, 'GET')).toBe(200);
    expect(await send(`${gateway.url}/api/applications`, 'POST')).toBe(502);
    expect(service.received).toEqual(['GET /workers/vacancies/open']);
  });
});
