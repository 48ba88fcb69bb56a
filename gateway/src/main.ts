import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  createBus,
  createLogger,
  createSharedClock,
  createTokenVerifier,
  closeGracefully,
  createWindowCounter,
  internalSecretFor,
  keyFromEnvOrFile,
  listen,
  LISTEN_BACKLOG,
  processReadiness,
  refuseDevelopmentSettingsInProduction,
  refuseMissingInProduction,
  startTracing,
} from '@moba/platform';
import { GATEWAY_REQUIRED_IN_PRODUCTION, loadGatewayConfig, REQUIRED_OF_GATEWAY_PROCESS } from './config';
import { createGateway } from './app';
import { createTokenStateReplica } from './token-state';

/** Runs the gateway as its own process (distributed mode); SERVICE_URLS names every service. */
async function main() {
  const config = loadGatewayConfig();
  refuseDevelopmentSettingsInProduction(config);
  refuseMissingInProduction(config, GATEWAY_REQUIRED_IN_PRODUCTION);
  const tracing = startTracing('gateway', { endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  for (const name of REQUIRED_OF_GATEWAY_PROCESS)
    if (!config[name]) throw new Error(`invalid configuration:\n  ${name}: required in the distributed mode`);
  const serviceUrls = config.SERVICE_URLS!; // required just above
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const publicKey = keyFromEnvOrFile(config, 'JWT_PUBLIC_KEY');
  const bus = await createBus(config.EVENT_BUS_URL, 'gateway', logger);
  const rateCounter = await createWindowCounter(config.RATE_LIMIT_URL);
  // The dev clock every service shares (CLOCK_URL=redis://…); refused in production.
  const devClock = await createSharedClock(config.CLOCK_URL, config.NODE_ENV);
  const tokenState = createTokenStateReplica();
  // One consumer group per gateway process (every instance must hear every token change), from now on:
  // the bootstrap below reads the state so far. Removed when the gateway stops (transient).
  await tokenState.subscribe(bus, `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`);
  const abort = new AbortController();
  // Not ready until the token states are loaded: a pod that took traffic before would accept revoked tokens.
  processReadiness.report('token-states', false, 'loading from the auth service');
  void tokenState
    .bootstrap(serviceUrls.auth[0], logger, abort.signal, internalSecretFor(config))
    .then(() => processReadiness.report('token-states', !abort.signal.aborted));
  const { server, metrics } = createGateway({
    serviceUrls,
    tokens: createTokenVerifier(publicKey),
    tokenState,
    logger,
    webDist: config.WEB_DIST,
    corsOrigins: config.CORS_ORIGINS,
    proxyTimeoutMs: config.PROXY_TIMEOUT_MS,
    proxyQueueLimit: config.PROXY_QUEUE_LIMIT,
    rateLimitWindowMs: config.RATE_LIMIT_WINDOW_MS,
    rateLimitScale: config.RATE_LIMIT_SCALE,
    rateCounter,
    trustedProxyHops: config.TRUSTED_PROXY_HOPS,
    devClock,
    devMailbox: config.NODE_ENV !== 'production',
    publicUrl: config.PUBLIC_URL,
    metricsOnMainPort: !config.METRICS_PORT,
  });
  server.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG }, () =>
    logger.info(`gateway listening on http://${config.HOST}:${config.PORT}`),
  );
  const metricsServer = config.METRICS_PORT
    ? await listen(
        (_req: IncomingMessage, res: ServerResponse) => void metrics.answer(res),
        config.METRICS_PORT,
        config.HOST,
      )
    : undefined;
  // SIGTERM: /readyz answers 503 and answers close their connections; requests in flight get
  // SHUTDOWN_GRACE_MS; then the proxied WebSockets end (the client reconnects through another gateway).
  const stop = async () => {
    logger.info({ graceMs: config.SHUTDOWN_GRACE_MS }, 'gateway draining');
    processReadiness.drain();
    abort.abort();
    await closeGracefully(server, config.SHUTDOWN_GRACE_MS);
    await Promise.all([bus.close(), rateCounter?.close(), devClock?.close(), metricsServer?.close()]);
    await tracing.shutdown();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
