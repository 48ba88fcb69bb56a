import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';
import { metricsText, METRICS_CONTENT_TYPE, routeLatencyHistogram } from '@moba/platform';

/**
 * What an operator watches at the gateway: latency per route (the route table's pattern, so ids do
 * not explode the label set) and method and status class, and the WebSockets it holds open.
 */
export function createGatewayMetrics() {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  const duration = routeLatencyHistogram(
    registry,
    'moba_gateway_request_duration_seconds',
    'Time from request to the end of the answer, per route',
  );
  const sockets = new client.Gauge({
    name: 'moba_gateway_open_websockets',
    help: 'WebSockets this gateway instance proxies',
    registers: [registry],
  });
  return {
    /** Times one answer under its route pattern (unmatched paths share one label). */
    observe(req: IncomingMessage, res: ServerResponse, route: string) {
      const end = duration.startTimer({ method: req.method ?? 'GET', route });
      res.once('finish', () => end({ status: `${Math.floor(res.statusCode / 100)}xx` }));
    },
    socketOpened: () => sockets.inc(),
    socketClosed: () => sockets.dec(),
    /** The gateway's own series and the process's (CPU, memory, event loop). */
    text: () => metricsText(registry),
    async answer(res: ServerResponse) {
      const text = await metricsText(registry);
      res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
      res.end(text);
    },
  };
}
export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
