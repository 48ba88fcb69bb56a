/**
 * The embedded runtime: every service in this one process, each on its own loopback port, the
 * gateway proxying to them exactly as in production. Used by `npm start`, the browser tests and the demo.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  createAdjustableClock,
  createLogger,
  createMemoryBus,
  observedBus,
  createMemoryFanoutHub,
  createNedbStore,
  createTokenVerifier,
  ensureInternalSecret,
  ensureKeyPair,
  newInternalSecret,
  generateKeyPair,
  type EmbeddedContext,
  type Service,
} from '@moba/platform';
import { createGateway, createTokenStateReplica, type ServiceName } from '@moba/gateway';
import * as auth from '@moba/auth-service';
import * as vacancy from '@moba/vacancy-service';
import * as application from '@moba/application-service';
import * as rating from '@moba/rating-service';
import * as payment from '@moba/payment-service';
import * as notification from '@moba/notification-service';

const SERVICES: [ServiceName, (ctx: EmbeddedContext) => Promise<Service>][] = [
  ['auth', auth.createEmbedded],
  ['vacancy', vacancy.createEmbedded],
  ['application', application.createEmbedded],
  ['rating', rating.createEmbedded],
  ['payment', payment.createEmbedded],
  ['notification', notification.createEmbedded],
];

export interface EmbeddedOptions {
  port?: number;
  host?: string;
  /** Folder for the file stores and keys; 'memory' keeps nothing (tests). */
  dataDir?: string;
  webDist?: string;
  env?: NodeJS.ProcessEnv;
}

export async function startEmbedded({
  port = 8080,
  host = '127.0.0.1',
  dataDir = './data',
  webDist,
  env = {},
}: EmbeddedOptions = {}) {
  const mergedEnv: NodeJS.ProcessEnv = { NODE_ENV: 'development', ...process.env, ...env };
  const logLevel = mergedEnv.LOG_LEVEL ?? 'info';
  const logger = createLogger('moba', logLevel);
  const inMemory = dataDir === 'memory';
  const dataRoot = inMemory ? '' : resolve(dataDir);
  const keys = inMemory ? generateKeyPair() : ensureKeyPair(join(dataRoot, 'keys'));
  const internalSecret = inMemory ? newInternalSecret() : ensureInternalSecret(join(dataRoot, 'keys'));
  // Bound first: the services' URLs carry its address, and no later listen(0) can take the port.
  const server = createServer();
  const starting = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
    res.end(JSON.stringify({ error: { code: 'STARTING', message: 'the product is starting' } }));
  };
  server.on('request', starting);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  const gatewayPort = (server.address() as AddressInfo).port;
  const publicUrl =
    mergedEnv.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${gatewayPort}`;

  const bus = observedBus(createMemoryBus(logger.child({ component: 'bus' })), 'moba');
  const clock = createAdjustableClock();
  const tokens = createTokenVerifier(keys.publicKeyPem);
  const fanoutHub = createMemoryFanoutHub();
  const started: {
    name: ServiceName;
    service: Service;
    url: string;
    store: ReturnType<typeof createNedbStore>;
  }[] = [];

  for (const [name, create] of SERVICES) {
    const store = createNedbStore(inMemory ? undefined : join(dataRoot, name));
    const service = await create({
      bus,
      store,
      clock,
      logger: createLogger(name, logLevel),
      tokens,
      keys,
      internalSecret,
      fanoutHub,
      dataDir: inMemory ? join(require('node:os').tmpdir(), `moba-${randomUUID()}`) : dataRoot,
      publicUrl,
      env: mergedEnv,
    });
    const listening = await service.start(0, '127.0.0.1');
    started.push({ name, service, url: listening.url, store });
  }

  const serviceUrls = Object.fromEntries(started.map((s) => [s.name, [s.url]])) as Record<
    ServiceName,
    string[]
  >;
  const tokenState = createTokenStateReplica();
  await tokenState.subscribe(bus, 'embedded');
  const abort = new AbortController();
  // Bans and password changes from before this start must count at once; don't wait forever, though.
  await Promise.race([
    tokenState.bootstrap(serviceUrls.auth[0], logger, abort.signal, internalSecret),
    new Promise((r) => setTimeout(r, 5000).unref()),
  ]);
  const { metrics: gatewayMetrics } = createGateway({
    server,
    serviceUrls,
    tokens,
    tokenState,
    logger: createLogger('gateway', logLevel),
    webDist: webDist ?? resolve(__dirname, '../web/dist'),
    corsOrigins: (mergedEnv.CORS_ORIGINS ?? '').split(',').filter(Boolean),
    rateLimitScale: Number(mergedEnv.RATE_LIMIT_SCALE ?? 1),
    trustedProxyHops: Number(mergedEnv.TRUSTED_PROXY_HOPS ?? 0),
    devClock: mergedEnv.NODE_ENV === 'production' ? undefined : clock,
    devMailbox: mergedEnv.NODE_ENV !== 'production',
    publicUrl,
    metricsOnMainPort: true,
  });
  server.off('request', starting);

  let stopped = false;
  return {
    url: `http://127.0.0.1:${gatewayPort}`,
    publicUrl,
    clock,
    bus,
    serviceUrls,
    gatewayMetrics,
    async stop() {
      if (stopped) return;
      stopped = true;
      abort.abort();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      for (const { service, store } of started.reverse()) {
        await service.stop();
        await store.close();
      }
      await bus.close();
    },
  };
}
