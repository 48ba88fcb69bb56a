import { join, resolve } from 'node:path';
import type { EventBus } from './bus/event-bus';
import { createMemoryBus } from './bus/memory-bus';
import { observedBus } from './bus/observed-bus';
import type { DocumentStore, StoreSettings } from './store/document-store';
import { createNedbStore } from './store/nedb-store';
import type { Fanout } from './fanout/fanout';
import { createMemoryFanout } from './fanout/fanout';
import type { Logger } from './log';
import type { SharedClock } from './clock';

/**
 * Adapters are chosen by URL (ARCHITECTURE §2). Each distributed adapter's module is loaded only when
 * its scheme is picked, so the embedded mode never loads ioredis, kafkajs, mongoose or pg.
 */
type BusFactory = (url: string, service: string, logger: Logger) => Promise<EventBus>;
type StoreFactory = (url: string, service: string, settings: StoreSettings) => Promise<DocumentStore>;
type FanoutFactory = (url: string) => Promise<Fanout>;

const redisBus: BusFactory = async (url, service, logger) =>
  (await import('./bus/redis-bus')).createRedisBus(url, service, logger);
const mongoStore: StoreFactory = async (url, service) =>
  (await import('./store/mongo-store')).createMongoStore(url, service);
const postgresStore: StoreFactory = async (url, service, settings) =>
  (await import('./store/postgres-store')).createPostgresStore(url, service, settings);
const redisFanout: FanoutFactory = async (url) =>
  (await import('./fanout/redis-fanout')).createRedisFanout(url);

const busFactories: Record<string, BusFactory> = {
  memory: async (_url, _service, logger) => createMemoryBus(logger),
  redis: redisBus,
  rediss: redisBus,
  kafka: async (url, service, logger) =>
    (await import('./bus/kafka-bus')).createKafkaBus(url, service, logger),
};
const storeFactories: Record<string, StoreFactory> = {
  memory: async () => createNedbStore(),
  file: async (url, service) => createNedbStore(join(resolve(url.slice('file://'.length)), service)),
  mongodb: mongoStore,
  'mongodb+srv': mongoStore,
  postgres: postgresStore,
  postgresql: postgresStore,
};
const fanoutFactories: Record<string, FanoutFactory> = {
  memory: async () => createMemoryFanout(),
  redis: redisFanout,
  rediss: redisFanout,
};

const schemeOf = (url: string) => url.slice(0, url.indexOf('://'));

function pick<F>(factories: Record<string, F>, url: string, what: string): F {
  const factory = factories[schemeOf(url)];
  if (!factory)
    throw new Error(`no ${what} adapter for ${url} (known: ${Object.keys(factories).join(', ')})`);
  return factory;
}

/** The bus the URL names, observed (traces, consumer lag, dead letters: observed-bus.ts). */
export const createBus = async (url: string, service: string, logger: Logger) =>
  observedBus(await pick(busFactories, url, 'event bus')(url, service, logger), service);
export const createStore = (url: string, service: string, settings: StoreSettings = {}) =>
  pick(storeFactories, url, 'store')(url, service, settings);
export const createFanout = (url: string) => pick(fanoutFactories, url, 'fanout')(url);

/**
 * The clock a process runs on (CLOCK_URL): system:// is the machine's time (undefined: use
 * systemClock); redis:// a dev clock every process shares, refused in production.
 */
export async function createSharedClock(url: string, nodeEnv: string): Promise<SharedClock | undefined> {
  const scheme = schemeOf(url);
  if (scheme === 'system') return undefined;
  if (scheme !== 'redis' && scheme !== 'rediss')
    throw new Error(`CLOCK_URL: no clock adapter for ${url} (known: system://, redis://)`);
  if (nodeEnv === 'production')
    throw new Error('CLOCK_URL: the dev clock is off in production (NODE_ENV=production); leave it unset');
  return (await import('./redis-clock')).createRedisClock(url);
}
