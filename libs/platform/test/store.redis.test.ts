import { randomUUID } from 'node:crypto';
import { createRedisStore } from '../src/distributed/redis-store';
import { documentStoreContract } from '../src/testing/contracts';
import { deleteKeys, REDIS_URL } from './fixtures/redis';

// The redis:// store of the multi-process mode (two notification instances share it).
const prefix = `contract:store:${randomUUID().slice(0, 8)}`;
afterAll(() => deleteKeys(`${prefix}:*`));
documentStoreContract(`redis:// (hash per collection, ${REDIS_URL})`, () =>
  createRedisStore(`${REDIS_URL}?prefix=${prefix}`, 'contract'),
);
