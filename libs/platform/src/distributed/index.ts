/**
 * Registers the Redis, Kafka, MongoDB and PostgreSQL adapters. adapters.ts require()s this module the
 * first time a redis://, kafka://, mongodb:// or postgres:// URL is used, so the embedded mode never loads their clients; each
 * adapter module is itself loaded only when its scheme is picked.
 */
import { registerBusAdapter, registerFanoutAdapter, registerStoreAdapter } from '../adapters';

registerBusAdapter('redis', async (url, service, logger) =>
  (await import('../bus/redis-bus')).createRedisBus(url, service, logger),
);
registerBusAdapter('rediss', async (url, service, logger) =>
  (await import('../bus/redis-bus')).createRedisBus(url, service, logger),
);
registerBusAdapter('kafka', async (url, service, logger) =>
  (await import('../bus/kafka-bus')).createKafkaBus(url, service, logger),
);
registerStoreAdapter('mongodb', async (url, service) =>
  (await import('../store/mongo-store')).createMongoStore(url, service),
);
registerStoreAdapter('mongodb+srv', async (url, service) =>
  (await import('../store/mongo-store')).createMongoStore(url, service),
);
registerStoreAdapter('postgres', async (url, service) =>
  (await import('../store/postgres-store')).createPostgresStore(url, service),
);
registerStoreAdapter('postgresql', async (url, service) =>
  (await import('../store/postgres-store')).createPostgresStore(url, service),
);
registerFanoutAdapter('redis', async (url) =>
  (await import('../fanout/redis-fanout')).createRedisFanout(url),
);
registerFanoutAdapter('rediss', async (url) =>
  (await import('../fanout/redis-fanout')).createRedisFanout(url),
);
