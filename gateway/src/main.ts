import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  createBus,
  createLogger,
  createSharedClock,
  createTokenVerifier,
  createWindowCounter,
} from '@moba/platform';
import { loadGatewayConfig } from './config';
import { createGateway } from './app';
import { createTokenStateReplica } from './token-state';

/** Runs the gateway as its own process (distributed mode); SERVICE_URLS names every service. */
async function main() {
  const config = loadGatewayConfig();
  if (!config.SERVICE_URLS)
    throw new Error('invalid configuration:\n  SERVICE_URLS: required in the distributed mode');
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const publicKey = config.JWT_PUBLIC_KEY ?? readFileSync(join(config.KEYS_DIR, 'jwt-public.pem'), 'utf8');
  const bus = await createBus(config.EVENT_BUS_URL, 'gateway', logger);
  const rateCounter = await createWindowCounter(config.RATE_LIMIT_URL);
  // The dev clock every service shares (CLOCK_URL=redis://…); refused in production.
  const devClock = await createSharedClock(config.CLOCK_URL, config.NODE_ENV);
  const tokenState = createTokenStateReplica();
  // One consumer group per gateway process (every instance must hear every token change), from now on:
  // the bootstrap below reads the state so far. Removed when the gateway stops (transient).
  await tokenState.subscribe(bus, `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`);
  const abort = new AbortController();
  void tokenState.bootstrap(config.SERVICE_URLS.auth[0], logger, abort.signal);
  const { server } = createGateway({
    serviceUrls: config.SERVICE_URLS,
    tokens: createTokenVerifier(publicKey),
    tokenState,
    logger,
    webDist: config.WEB_DIST,
    corsOrigins: config.CORS_ORIGINS,
    proxyTimeoutMs: config.PROXY_TIMEOUT_MS,
    rateLimitWindowMs: config.RATE_LIMIT_WINDOW_MS,
    rateLimitScale: config.RATE_LIMIT_SCALE,
    rateCounter,
    devClock,
    devMailbox: config.NODE_ENV !== 'production',
  });
  server.listen(config.PORT, config.HOST, () =>
    logger.info(`gateway listening on http://${config.HOST}:${config.PORT}`),
  );
  const stop = () => {
    abort.abort();
    server.close(
      () =>
        void Promise.all([bus.close(), rateCounter?.close(), devClock?.close()]).then(() => process.exit(0)),
    );
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
