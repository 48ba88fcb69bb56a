import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import type { EventBus } from './bus/event-bus';
import type { DocumentStore } from './store/document-store';
import { systemClock, type Clock } from './clock';
import { createLogger, type Logger } from './log';
import { createTokenVerifier, type TokenVerifier } from './auth/tokens';
import { listen, type Listening } from './http/app';
import { createBus, createSharedClock, createStore } from './adapters';
import type { RuntimeEnv } from './config';

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
  stop(): Promise<void>;
}

/** The shared start/stop shape: background work first, HTTP last; stop in reverse. */
export function serviceLifecycle(
  app: Express,
  hooks: {
    start?: () => Promise<void>;
    onListen?: (listening: Listening) => void;
    stop?: () => Promise<void>;
  },
): Service {
  let listening: Listening | undefined;
  return {
    app,
    async start(port = 0, host = '127.0.0.1') {
      await hooks.start?.();
      listening = await listen(app, port, host);
      hooks.onListen?.(listening);
      return listening;
    },
    async stop() {
      await listening?.close();
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
 * naming the variable), opens the bus and store it names, builds the service, listens, and on SIGTERM
 * or SIGINT stops it and closes what it opened (the builder's own extras first).
 */
export function runServiceProcess<C extends RuntimeEnv & { PORT: number }>(
  name: string,
  loadConfig: () => C,
  build: (deps: ProcessDeps<C>) => Promise<{ service: Service; close?: () => Promise<void> }>,
): void {
  const run = async () => {
    const config = loadConfig();
    const logger = createLogger(name, config.LOG_LEVEL);
    const bus = await createBus(config.EVENT_BUS_URL, name, logger);
    const store = await createStore(config.STORE_URL, name);
    const sharedClock = await createSharedClock(config.CLOCK_URL, config.NODE_ENV);
    const clock = sharedClock ?? systemClock;
    if (sharedClock) logger.info({ offsetMs: sharedClock.offsetMs() }, 'dev clock shared through Redis');
    const { service, close } = await build({ config, logger, bus, store, clock });
    await runUntilSignal(name, logger, service, config.PORT, config.HOST, async () => {
      await close?.();
      await bus.close();
      await store.close();
      await sharedClock?.close();
    });
  };
  run().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** The token verifier of a service process: JWT_PUBLIC_KEY, or the public key file in KEYS_DIR. */
export const tokenVerifierFor = (config: RuntimeEnv): TokenVerifier =>
  createTokenVerifier(config.JWT_PUBLIC_KEY ?? readFileSync(join(config.KEYS_DIR, 'jwt-public.pem'), 'utf8'));

/** Runs a started service until SIGTERM or SIGINT, then stops it cleanly. */
async function runUntilSignal(
  name: string,
  logger: Logger,
  service: Service,
  port: number,
  host: string,
  cleanup: () => Promise<void>,
) {
  const listening = await service.start(port, host);
  logger.info({ url: listening.url }, `${name} listening`);
  const shutdown = async (signal: string) => {
    logger.info({ signal }, `${name} stopping`);
    await service.stop();
    await cleanup();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
