import { randomUUID } from 'node:crypto';
import { createRedisFanout } from '../src/fanout/redis-fanout';
import { fanoutContract } from '../src/testing/contracts';
import { REDIS_URL } from './fixtures/redis';

// A channel per run, so parallel runs on one Redis do not hear each other.
const url = `${REDIS_URL}?channel=contract:fanout:${randomUUID()}`;
fanoutContract(`redis:// pub/sub (${REDIS_URL})`, () => createRedisFanout(url));
