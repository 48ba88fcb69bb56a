import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createBus, createFanout, createLogger } from '../src';
import { contractEvent } from '../src/testing/contracts';
import { parseKafkaUrl } from '../src/bus/kafka-bus';
import { parseRedisBusUrl } from '../src/bus/redis-bus';
import { mongoDatabaseName } from '../src/store/mongo-store';
import { deleteKeys, REDIS_URL } from './fixtures/redis';
import { runTsToEnd } from './fixtures/spawn';

describe('adapters chosen by URL', () => {
  afterAll(() => deleteKeys('adapters.*'));

  it('loads the Redis Streams bus for a redis:// EVENT_BUS_URL', async () => {
    const bus = await createBus(`${REDIS_URL}?blockMs=200`, 'adapter-test', createLogger('test', 'silent'));
    const topic = `adapters.${randomUUID().slice(0, 8)}.v1`;
    const seen: string[] = [];
    await bus.subscribe(topic, 'g', async (event) => void seen.push(event.id));
    const event = contractEvent('k');
    await bus.publish(topic, event);
    const deadline = Date.now() + 30_000; // for a stuck bus only: a loaded machine is slow
    while (!seen.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await bus.close();
    expect(seen).toEqual([event.id]);
  });

  it('loads the Redis pub/sub fanout for a redis:// FANOUT_URL', async () => {
    const a = await createFanout(`${REDIS_URL}?channel=adapters:${randomUUID()}`);
    const heard: unknown[] = [];
    a.onMessage((_user, message) => heard.push(message));
    await a.publish('u', { ok: true });
    const deadline = Date.now() + 30_000; // for a stuck bus only: a loaded machine is slow
    while (!heard.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await a.close();
    expect(heard).toEqual([{ ok: true }]);
  });

  it('rejects a bad option in the Redis URL naming it', async () => {
    await expect(
      createBus(`${REDIS_URL}?claimIdleMs=soon`, 'x', createLogger('test', 'silent')),
    ).rejects.toThrow(/claimIdleMs/);
  });
});

describe('the embedded mode', () => {
  it('loads no distributed client; a postgres:// URL loads pg and nothing else', async () => {
    const { result, output } = await runTsToEnd<{ embedded: string[]; afterPostgresUrl: string[] }>(
      join(__dirname, 'fixtures', 'embedded-modules.ts'),
    );
    expect({ result, output: result ? '' : output }).toEqual({
      result: { embedded: [], afterPostgresUrl: ['pg'] },
      output: '',
    });
  }, 30_000);
});

describe('adapter URLs', () => {
  it('reads brokers, partitions and replication from a kafka:// URL', () => {
    expect(parseKafkaUrl('kafka://b1:9092,b2:9092?partitions=12&replication=3')).toEqual({
      brokers: ['b1:9092', 'b2:9092'],
      partitions: 12,
      replication: 3,
    });
    expect(parseKafkaUrl('kafka://kafka:9092')).toEqual({
      brokers: ['kafka:9092'],
      partitions: 6,
      replication: 1,
    });
    expect(() => parseKafkaUrl('kafka://kafka:9092?partitions=0')).toThrow(/partitions/);
  });

  it('gives each service its own MongoDB database', () => {
    expect(mongoDatabaseName('mongodb://mongo:27017/moba', 'auth')).toBe('moba_auth');
    expect(mongoDatabaseName('mongodb://mongo:27017', 'vacancy')).toBe('moba_vacancy');
    expect(mongoDatabaseName('mongodb+srv://u:p@cluster.example.net/prod?retryWrites=true', 'payment')).toBe(
      'prod_payment',
    );
  });

  it('takes the Redis bus options off the URL and leaves the rest to ioredis', () => {
    const { redisUrl, options, prefix } = parseRedisBusUrl(
      'redis://:secret@cache:6380/2?claimIdleMs=1000&prefix=run1',
    );
    expect(redisUrl).toBe('redis://:secret@cache:6380/2');
    expect(options).toMatchObject({ claimIdleMs: 1000, maxLen: 100000 });
    expect(prefix).toBe('run1');
  });
});
