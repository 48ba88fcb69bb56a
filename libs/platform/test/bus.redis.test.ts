import { randomUUID } from 'node:crypto';
import { createRedisBus } from '../src/bus/redis-bus';
import { eventBusContract } from '../src/testing/contracts';
import { deleteKeys, REDIS_URL } from './fixtures/redis';

// Runs always: CI (.ci/run) makes sure a redis-server answers on loopback. The stream prefix keeps
// parallel runs on one Redis apart.
const prefix = `contract-${randomUUID().slice(0, 8)}`;
afterAll(() => deleteKeys(`${prefix}:*`));
eventBusContract(`redis:// Streams (${REDIS_URL})`, () =>
  createRedisBus(`${REDIS_URL}?prefix=${prefix}`, 'contract', undefined, { blockMs: 500, claimIdleMs: 5000 }),
);
