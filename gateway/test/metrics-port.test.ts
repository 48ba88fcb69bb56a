import http from 'node:http';
import { listen } from '@moba/platform';
import { testClient } from '@moba/platform/testing';
import type { RouteSpec } from '../src';
import { listenTestGateway, servicesAt, webDistWith } from './fixtures/test-gateway';

const routes: RouteSpec[] = [{ method: 'GET', path: '/things/:id', service: 'vacancy', access: 'public' }];

/** A gateway in front of one stand-in service, answering /metrics on its own port or not. */
async function startGateway(metricsOnMainPort: boolean) {
  const upstream = await listen((_req: http.IncomingMessage, res: http.ServerResponse) => res.end('{}'), 0);
  const gateway = await listenTestGateway({
    serviceUrls: servicesAt(upstream.url),
    webDist: webDistWith(),
    routes,
    metricsOnMainPort,
  });
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
