import { join } from 'node:path';
import { createPostgresStore } from '../src/store/postgres-store';
import { dropSchemas, freshSchemaPrefix, whenPostgres, withSchema } from './fixtures/postgres';
import { spawnTs } from './fixtures/spawn';

const SLOTS = 4;
const CAPACITY = 30;
const CLAIMS_PER_SLOT = 25; // per process: 2 × 25 = 50 claims on each slot of 30
const INCREMENTS = 120; // per process, on a shared document and on an upserted one

whenPostgres('postgres:// store shared by two processes', () => {
  const prefix = freshSchemaPrefix('procs');
  // What is tested is contention, not the waits' limits: on a loaded machine the hammering processes
  // can keep a pooled connection busy past the default 5 s.
  const url = `${withSchema(prefix)}&connect_timeout_ms=60000&lock_timeout_ms=60000`;
  afterAll(() => dropSchemas(prefix));

  it('keeps conditional claims and $inc exact across two OS processes hammering the same documents', async () => {
    const store = await createPostgresStore(url, 'contention');
    const slots = await store.collection<{ _id: string; free: number }>('slots');
    const counters = await store.collection<{ _id: string; hits: number }>('counters');
    for (let s = 0; s < SLOTS; s++) await slots.insertOne({ _id: `slot-${s}`, free: CAPACITY });
    await counters.insertOne({ _id: 'shared', hits: 0 });

    const startAt = String(Date.now() + 5000);
    const script = join(__dirname, 'fixtures', 'postgres-contention.ts');
    const args = [url, String(SLOTS), String(CLAIMS_PER_SLOT), String(INCREMENTS)];
    const children = [
      spawnTs(script, args, { START_AT: startAt }),
      spawnTs(script, args, { START_AT: startAt }),
    ];
    const lines = await Promise.all(children.map((c) => c.line(/"won"/, 45_000)));
    const results = lines.map(
      (line) => JSON.parse(line) as { won: Record<string, number[]>; bumped: number },
    );

    for (let s = 0; s < SLOTS; s++) {
      const id = `slot-${s}`;
      const seen = results.flatMap((r) => r.won[id] ?? []);
      // Every claim saw its own value of the counter: 29, 28, ... 0, each exactly once.
      expect(seen.sort((a, b) => a - b)).toEqual([...Array(CAPACITY).keys()]);
      // Both processes won some: the claims really raced each other.
      expect(results.every((r) => (r.won[id] ?? []).length > 0)).toBe(true);
      expect((await slots.findOne({ _id: id }))?.free).toBe(0);
    }
    expect(results.map((r) => r.bumped)).toEqual([2 * INCREMENTS, 2 * INCREMENTS]);
    expect((await counters.findOne({ _id: 'shared' }))?.hits).toBe(2 * INCREMENTS);
    expect((await counters.findOne({ _id: 'upserted' }))?.hits).toBe(2 * INCREMENTS);
    expect(await counters.count({})).toBe(2);
    expect(await slots.count({ free: { $lt: 0 } })).toBe(0);
    await store.close();
    await Promise.all(children.map((c) => c.exited));
  }, 90_000);
});
