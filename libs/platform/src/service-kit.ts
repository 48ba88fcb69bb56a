import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { isDeadLetterTopic, type EventBus } from './bus/event-bus';
import { watchDeadLetters } from './bus/dead-letter-watch';
import type { DocumentStore } from './store/document-store';
import { runMigrations, type DocumentMigration } from './store/migrations';
import { systemClock, type Clock } from './clock';
import { createLogger, type Logger } from './log';
import { createTokenVerifier, type TokenVerifier } from './auth/tokens';
import { createHttpApp, listen, type HttpAppOptions, type Listening } from './http/app';
import { METRICS_PATH } from './http/probes';
import { processReadiness, type Readiness } from './readiness';
import { startTracing } from './tracing';
import { createBus, createSharedClock, createStore } from './adapters';
import type { RuntimeEnv } from './config';
import { keyFromEnvOrFile, refuseDevelopmentSettingsInProduction } from './production';

/** What every service gets from its wiring point (main.ts in production, the test kit in tests). */
export interface BaseDeps {
  bus: EventBus;
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  tokens: TokenVerifier;
}

export interface Service {
  app: Express;
  /** Subscribes, starts relays and jobs, then listens. Port 0 picks a free port. */
  start(port?: number, host?: string): Promise<Listening>;
  /** Stops HTTP (requests in flight get up to graceMs to finish), then the background work. */
  stop(graceMs?: number): Promise<void>;
}

/** A service's HTTP app with its lifecycle: what every service's wiring point builds. */
export const httpService = (options: HttpAppOptions, hooks: LifecycleHooks): Service =>
  serviceLifecycle(createHttpApp(options), hooks);

interface LifecycleHooks {
  start?: () => Promise<void>;
  onListen?: (listening: Listening) => void;
  stop?: () => Promise<void>;
}

/** The shared start/stop shape: background work first, HTTP last; stop in reverse. */
export function serviceLifecycle(app: Express, hooks: LifecycleHooks): Service {
  let listening: Listening | undefined;
  return {
    app,
    async start(port = 0, host = '127.0.0.1') {
      await hooks.start?.();
      listening = await listen(app, port, host);
      hooks.onListen?.(listening);
      return listening;
    },
    async stop(graceMs = 0) {
      await listening?.close(graceMs);
      listening = undefined;
      await hooks.stop?.();
    },
  };
}

/** The adapters a standalone service process opens from its configuration. */
export interface ProcessDeps<C> {
  config: C;
  logger: Logger;
  bus: EventBus;
  store: DocumentStore;
  /** The machine's time, or the dev clock every process shares (CLOCK_URL). */
  clock: Clock;
}

/**
 * A service's main.ts (distributed mode): reads its configuration (a bad value stops the process
 * naming the variable), opens the bus and store it names, builds the service, brings the stored
 * documents to their newest shape (`migrations`, under the store's lock: store/migrations.ts),
 * listens, and on SIGTERM or SIGINT stops it and closes what it opened (the builder's own extras first).
 */
export function runServiceProcess<C extends RuntimeEnv & { PORT: number }>(
  name: string,
  loadConfig: () => C,
  build: (deps: ProcessDeps<C>) => Promise<{ service: Service; close?: () => Promise<void> }>,
  { migrations = [] }: { migrations?: readonly DocumentMigration[] } = {},
): void {
  const run = async () => {
    const config = loadConfig();
    refuseDevelopmentSettingsInProduction(config);
    const tracing = startTracing(name, { endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
    const logger = createLogger(name, config.LOG_LEVEL);
    const bus = watchedBus(await createBus(config.EVENT_BUS_URL, name, logger), logger);
    const store = await createStore(config.STORE_URL, name, { pool: config.STORE_POOL });
    const sharedClock = await createSharedClock(config.CLOCK_URL, config.NODE_ENV);
    const clock = sharedClock ?? systemClock;
    if (sharedClock) logger.info({ offsetMs: sharedClock.offsetMs() }, 'dev clock shared through Redis');
    const { service, close } = await build({ config, logger, bus, store, clock });
    // After the build (its collections are open with their indexes), before anything reads or
    // writes: no consumer, relay or request runs until service.start().
    await runMigrations(store, migrations, { logger, clock });
    registerStoreReadiness(store);
    await runUntilSignal(name, logger, service, config, async () => {
      await close?.();
      await bus.close();
      await store.close();
      await sharedClock?.close();
      await tracing.shutdown();
    });
  };
  run().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** The bus of a service process, alerting when the dead letters of a topic it consumes grow. */
function watchedBus(bus: EventBus, logger: Logger): EventBus {
  const watch = watchDeadLetters(bus, logger);
  return {
    deadLetters: bus.deadLetters,
    publish: (topic, event) => bus.publish(topic, event),
    async subscribe(topic, group, handler, options) {
      await bus.subscribe(topic, group, handler, options);
      if (!options?.transient && !isDeadLetterTopic(topic)) watch.watch(topic);
    },
    async subscribeBatch(topic, group, handler, options) {
      await bus.subscribeBatch(topic, group, handler, options);
      if (!options?.transient && !isDeadLetterTopic(topic)) watch.watch(topic);
    },
    async close() {
      watch.stop();
      await bus.close();
    },
  };
}

/**
 * The store's engine must answer for the process to be ready (in-process stores have nothing to ask).
 * The probe is bounded by the readiness probe timeout, and the ping itself by the store's own limits.
 */
export function registerStoreReadiness(store: DocumentStore, readiness: Readiness = processReadiness) {
  if (store.ping) readiness.probe('store', () => store.ping!());
}

/** The token verifier of a service process: JWT_PUBLIC_KEY, or the public key file in KEYS_DIR (else it names the variable). */
const tokenVerifierFor = (config: RuntimeEnv): TokenVerifier =>
  createTokenVerifier(keyFromEnvOrFile(config, 'JWT_PUBLIC_KEY'));

/** What a token-verifying service's createService takes, from what its process opened. */
export const serviceDepsOf = <C extends RuntimeEnv>(deps: ProcessDeps<C>): BaseDeps & { config: C } => ({
  ...deps,
  tokens: tokenVerifierFor(deps.config),
});

/**
 * Runs a started service until SIGTERM or SIGINT, then drains: /readyz answers 503 (the endpoints drop
 * the pod; k8s's preStop waited for that already), answers close their connections, live sockets are
 * told to reconnect, requests in flight get SHUTDOWN_GRACE_MS to finish; then the background work stops.
 */
async function runUntilSignal(
  name: string,
  logger: Logger,
  service: Service,
  config: RuntimeEnv & { PORT: number },
  cleanup: () => Promise<void>,
) {
  const listening = await service.start(config.PORT, config.HOST);
  const metrics = config.METRICS_PORT
    ? await listenForMetrics(service, config.METRICS_PORT, config.HOST)
    : undefined;
  logger.info({ url: listening.url, metricsPort: metrics?.port }, `${name} listening`);
  const shutdown = async (signal: string) => {
    logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, `${name} draining`);
    processReadiness.drain();
    await service.stop(config.SHUTDOWN_GRACE_MS);
    await cleanup();
    await metrics?.close();
    logger.info(`${name} stopped`);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

/** METRICS_PORT: a listener that answers /metrics alone (NetworkPolicy lets Prometheus reach only it). */
function listenForMetrics(service: Service, port: number, host: string): Promise<Listening> {
  return listen(
    (req: IncomingMessage, res: ServerResponse) => {
      if ((req.url ?? '').split('?')[0] === METRICS_PATH) service.app(req, res);
      else res.writeHead(404).end();
    },
    port,
    host,
  );
}
