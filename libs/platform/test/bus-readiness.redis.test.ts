import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { consumerReadinessName, createBus, createLogger, processReadiness } from '../src';
import { eventually } from '../src/testing';
import { deleteKeys, REDIS_URL } from './fixtures/redis';

describe('a bus consumer and readiness', () => {
  const prefix = `readiness-${randomUUID().slice(0, 8)}`;
  afterAll(() => deleteKeys(`${prefix}:*`));

  it('is ready once reading, not ready while its reads fail, and ready again when they succeed', async () => {
    const bus = await createBus(
      `${REDIS_URL}?blockMs=100&prefix=${prefix}`,
      'readiness-test',
      createLogger('test', 'silent'),
    );
    const redis = new Redis(REDIS_URL);
    const check = consumerReadinessName('readiness-test', 'topic.v1');
    const state = async () => (await processReadiness.evaluate()).checks[check]?.ok;
    try {
      await bus.subscribe('topic.v1', 'readiness-test', async () => undefined);
      await eventually(async () => (await state()) === true, 'ready after the first read');

      // The group disappears under the consumer (a broker failure): its reads fail until it is recreated.
      await redis.xgroup('DESTROY', `${prefix}:topic.v1`, 'readiness-test');
      await eventually(async () => (await state()) === false, 'not ready while reads fail');
      expect((await processReadiness.evaluate()).ready).toBe(false);
      await eventually(async () => (await state()) === true, 'ready again');
    } finally {
      redis.disconnect();
      await bus.close();
    }
  });
});
