import type { Express } from 'express';
import type { EventBus } from './bus/event-bus';
import type { DocumentStore } from './store/document-store';
import type { Clock } from './clock';
import type { Logger } from './log';
import type { TokenVerifier } from './auth/tokens';
import { listen, type Listening } from './http/app';

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

/** Runs a service from main.ts: SIGTERM and SIGINT stop it cleanly. */
export async function runUntilSignal(
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
