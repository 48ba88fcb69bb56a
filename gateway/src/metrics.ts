import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';

/**
 * What an operator watches at the gateway: latency per route (the route table's pattern, so ids do
 * not explode the label set) and method and status class, and the WebSockets it holds open.
 */
export function createGatewayMetrics() {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  const duration = new client.Histogram({
    name: 'moba_gateway_request_duration_seconds',
    help: 'Time from request to the end of the answer, per route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
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
    text: () => registry.metrics(),
    async answer(res: ServerResponse) {
      res.writeHead(200, { 'content-type': registry.contentType });
      res.end(await registry.metrics());
    },
  };
}
export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
