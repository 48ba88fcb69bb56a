import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { listen } from '@moba/platform';
import { eventually, testClient } from '@moba/platform/testing';
import type { RouteSpec } from '../src';
import { listenTestGateway, servicesAt, webDistWith } from './fixtures/test-gateway';

const routes: RouteSpec[] = [
  { method: 'GET', path: '/things/:id', service: 'vacancy', access: 'public' },
  { method: 'GET', path: '/mine', service: 'vacancy', access: ['Worker'] },
];

describe('gateway access log', () => {
  it('logs each answer at info under its route pattern with status, time and request id; not the probes', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      }),
    );
    const upstream = await listen((_req: http.IncomingMessage, res: http.ServerResponse) => res.end('{}'), 0);
    const gateway = await listenTestGateway({
      serviceUrls: servicesAt(upstream.url),
      webDist: webDistWith(),
      logger,
      routes,
    });
    const client = testClient(gateway.url);
    try {
      await client.get('/api/things/17', { 'x-request-id': 'access-17' });
      await client.get('/api/mine', { 'x-request-id': 'access-mine' });
      await client.get('/healthz', { 'x-request-id': 'access-probe' });
      const access = (id: string) => lines.find((l) => l.access && l.requestId === id);
      const proxied = await eventually(async () => access('access-17'), 'the proxied request logged');
      expect(proxied).toMatchObject({ level: 30, method: 'GET', route: 'GET /api/things/:id', status: 200 });
      expect(typeof proxied.ms).toBe('number');
      const refused = await eventually(async () => access('access-mine'), 'the refused request logged');
      expect(refused).toMatchObject({ route: 'GET /api/mine', status: 401 });
      expect(access('access-probe')).toBeUndefined();
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});
