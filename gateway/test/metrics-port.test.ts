import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createTokenVerifier, listen, type Listening } from '@moba/platform';
import { testClient, testKeys } from '@moba/platform/testing';
import { createGateway, createTokenStateReplica, type RouteSpec, type ServiceName } from '../src';

const SERVICES: ServiceName[] = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'];
const routes: RouteSpec[] = [{ method: 'GET', path: '/things/:id', service: 'vacancy', access: 'public' }];

/** A gateway in front of one stand-in service, answering /metrics on its own port or not. */
async function startGateway(metricsOnMainPort: boolean) {
  const upstream = await listen((_req: http.IncomingMessage, res: http.ServerResponse) => res.end('{}'), 0);
  const webDist = mkdtempSync(join(tmpdir(), 'moba-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root">home</div>');
  writeFileSync(join(webDist, 'spa.html'), '<!doctype html><div id="root">app shell</div>');
  const { server } = createGateway({
    serviceUrls: Object.fromEntries(SERVICES.map((s) => [s, [upstream.url]])) as Record<
      ServiceName,
      string[]
    >,
    tokens: createTokenVerifier(testKeys().publicKeyPem),
    tokenState: createTokenStateReplica(),
    logger: createLogger('gateway-test', 'silent'),
    webDist,
    routes,
    metricsOnMainPort,
  });
  const gateway: Listening = await listen(server.listeners('request')[0] as http.RequestListener, 0);
  return {
    client: testClient(gateway.url),
    stop: async () => {
      await gateway.close();
      await upstream.close();
    },
  };
}

describe('gateway /metrics on its main port', () => {
  it('METRICS_PORT=0: answers the exposition (latency per route pattern, process metrics), not the SPA', async () => {
    const { client, stop } = await startGateway(true);
    try {
      expect((await client.get('/api/things/17')).status).toBe(200);
      const scrape = await client.get('/metrics');
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(scrape.text).toMatch(
        /^moba_gateway_request_duration_seconds_count\{service="gateway",method="GET",route="\/things\/:id",status="2xx"\} 1$/m,
      );
      expect(scrape.text).toMatch(/^# TYPE nodejs_eventloop_lag_p99_seconds gauge$/m);
      expect(scrape.text).not.toContain('<div id="root">');
    } finally {
      await stop();
    }
  });

  it('with a metrics port, the public port does not show the metrics', async () => {
    const { client, stop } = await startGateway(false);
    try {
      const scrape = await client.get('/metrics');
      expect(scrape.text).not.toMatch(/moba_gateway_request_duration_seconds/);
    } finally {
      await stop();
    }
  });
});
