import Redis from 'ioredis';
import { commandTopics, topics } from '@moba/contracts';
import { POSTGRES_URL, startCluster, type Cluster } from './support/cluster';
import { disruptionDrill } from './support/drill';
import { startCuttableProxy, startOwnRedis } from './support/own-engines';

/**
 * Outage drill on the distributed mode's topology (Redis Streams, a PostgreSQL schema per service, two
 * instances each of vacancy, application and notification). Mid-season, Redis (a redis-server of this
 * test's own, stopped with SIGTERM and started again on its append-only file) and the store (the
 * shared PostgreSQL behind a TCP proxy this test cuts: every connection closed, new ones refused) go
 * away together for 30 s. Consumers retry the transient failures without end, the HTTP side answers
 * 503 and the simulated phones retry. Afterwards every read model equals its recount, and no event
 * went to a dead-letter stream.
 */
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 30_000);
const log = process.env.DRILL_LOG ? (line: string) => console.log(line) : () => undefined;

let cluster: Cluster | undefined;
let redis: Awaited<ReturnType<typeof startOwnRedis>> | undefined;
let store: Awaited<ReturnType<typeof startCuttableProxy>> | undefined;
afterAll(async () => {
  await store?.restore().catch(() => undefined);
  await redis?.start().catch(() => undefined);
  await cluster?.stop();
  await store?.close();
  await redis?.remove();
}, 90_000);

async function deadLetters(redisUrl: string, runId: string) {
  const client = new Redis(redisUrl);
  try {
    const counts: Record<string, number> = {};
    for (const topic of [...Object.values(topics), ...Object.values(commandTopics)])
      counts[topic] = await client.xlen(`${runId}:${topic}.dead-letter`);
    return counts;
  } finally {
    client.disconnect();
  }
}

test('Redis and the store away for 30 s mid-season: no event lost or dead-lettered, read models equal their recounts', async () => {
  redis = await startOwnRedis();
  const shared = new URL(POSTGRES_URL);
  store = await startCuttableProxy({ host: shared.hostname, port: Number(shared.port || 5432) });
  const throughProxy = new URL(POSTGRES_URL);
  throughProxy.port = String(store.port);
  cluster = await startCluster({ redisUrl: redis.url, postgresUrl: throughProxy.toString(), log });

  const outputs = () =>
    [...cluster!.output].map(([name, text]) => `--- ${name}\n${text.slice(-1500)}`).join('\n');
  const result = await disruptionDrill(cluster, {
    seasons: 1,
    log,
    async disrupt() {
      await new Promise((r) => setTimeout(r, 3000)); // mid-season
      await Promise.all([redis!.stop(), store!.cut()]);
      log(`outage: Redis and the store away for ${OUTAGE_MS} ms`);
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      await Promise.all([redis!.start(), store!.restore()]);
      log('outage over');
      return ['redis', 'store'];
    },
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${outputs()}`);
  });
  if (result.mismatches.length) log(outputs());

  expect(result.disruptions).toEqual(['redis', 'store']);
  expect(result.mismatches).toEqual([]);
  expect(result.facts.applications).toBeGreaterThan(0);
  expect(result.facts.acceptedApplications).toBeGreaterThan(0);
  const dead = await deadLetters(redis.url, cluster.runId);
  expect(Object.values(dead).reduce((a, b) => a + b, 0)).toBe(0);
}, 420_000);
