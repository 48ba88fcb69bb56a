import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { postgresSchemaName } from '../src/store/postgres-store';
import { dropSchemas, freshSchemaPrefix, POSTGRES_URL, whenPostgres, withSchema } from './fixtures/postgres';
import { deleteKeys, REDIS_URL } from './fixtures/redis';
import { runTsToEnd, spawnedPerTest, type Child } from './fixtures/spawn';

const fixture = (name: string) => join(__dirname, 'fixtures', name);
const idsAfter = (child: Child, word: string) =>
  [...child.output().matchAll(new RegExp(`^${word} (.*)$`, 'gm'))].flatMap((m) =>
    m[1].split(' ').filter(Boolean),
  );

whenPostgres('a batch consumer killed in the middle of a batch (Redis Streams, PostgreSQL)', () => {
  const prefixes: string[] = [];
  const { start, until } = spawnedPerTest();
  afterAll(async () => {
    await deleteKeys('batch-kill.*');
    for (const prefix of prefixes) await dropSchemas(prefix);
  });

  /** Counts the effects and the processed ids the consumers stored. */
  async function stored(prefix: string) {
    const schema = postgresSchemaName(withSchema(prefix), 'batch');
    const client = new Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      const count = async (table: string) =>
        (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${table}"`)).rows[0]
          .n;
      return { effects: await count('effects'), processed: await count('processed_events') };
    } finally {
      await client.end();
    }
  }

  // Generous: CI runs on a loaded machine; the claim of the dead consumer's entries takes claimIdleMs.
  const waitFor = (check: () => Promise<boolean>, label: string) => until(check, label, 45_000);

  async function killedMidBatch(mode: 'kill-before-write' | 'kill-after-write') {
    const topic = `batch-kill.${randomUUID().slice(0, 8)}.v1`;
    const prefix = freshSchemaPrefix('batchkill');
    prefixes.push(prefix);
    const busUrl = `${REDIS_URL}?claimIdleMs=1000`;
    const storeUrl = withSchema(prefix);
    const published = await runTsToEnd<string[]>(fixture('redis-publisher.ts'), [REDIS_URL, topic, '25']);
    const ids = published.result!;
    expect(ids).toHaveLength(25);

    // The events wait in the stream, so the first read takes a full batch of 10.
    const doomed = start(fixture('batch-consumer.ts'), [busUrl, storeUrl, topic, mode]);
    expect((await doomed.exited).signal).toBe('SIGKILL');
    const firstBatch = idsAfter(doomed, 'planned');
    expect(firstBatch).toHaveLength(10);
    const atDeath = await stored(prefix);

    const successor = start(fixture('batch-consumer.ts'), [busUrl, storeUrl, topic, 'normal']);
    await successor.line(/^ready/);
    await waitFor(async () => (await stored(prefix)).processed === 25, 'all 25 events processed');
    return { ids, firstBatch, atDeath, successor, final: await stored(prefix) };
  }

  it('killed before its write: nothing of the batch is stored, and the next consumer handles all of it', async () => {
    const { ids, firstBatch, atDeath, successor, final } = await killedMidBatch('kill-before-write');
    expect(atDeath).toEqual({ effects: 0, processed: 0 });
    expect(idsAfter(successor, 'stored').sort()).toEqual([...ids].sort());
    expect(idsAfter(successor, 'planned')).toEqual(expect.arrayContaining(firstBatch));
    expect(final).toEqual({ effects: 25, processed: 25 });
  }, 90_000);

  it('killed after its write, before acknowledging: the redelivered batch is skipped and written nothing twice', async () => {
    const { ids, firstBatch, atDeath, successor, final } = await killedMidBatch('kill-after-write');
    expect(atDeath).toEqual({ effects: 10, processed: 10 });
    const planned = idsAfter(successor, 'planned');
    expect(planned.filter((id) => firstBatch.includes(id))).toEqual([]);
    expect(idsAfter(successor, 'stored').sort()).toEqual(ids.filter((id) => !firstBatch.includes(id)).sort());
    expect(final).toEqual({ effects: 25, processed: 25 });
  }, 90_000);
});
