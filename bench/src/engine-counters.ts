import Redis from 'ioredis';
import pg from 'pg';

/** Calls per Redis command since the server started (INFO commandstats). */
export async function redisCommandCalls(redis: Redis): Promise<Map<string, number>> {
  const info = await redis.info('commandstats');
  const calls = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(match[1], Number(match[2]));
  return calls;
}

export function difference(after: Map<string, number>, before: Map<string, number>) {
  const delta = new Map<string, number>();
  for (const [key, value] of after)
    if (value - (before.get(key) ?? 0) > 0) delta.set(key, value - (before.get(key) ?? 0));
  return delta;
}

const DATABASE_COUNTERS = [
  'xact_commit',
  'xact_rollback',
  'tup_returned',
  'tup_fetched',
  'tup_inserted',
  'tup_updated',
  'tup_deleted',
] as const;

/**
 * One database's counters from pg_stat_database: transactions and rows. PostgreSQL publishes a
 * backend's counts when its transaction ends and it is idle for a moment (at most about a second), so
 * read them a second or two after the load stops.
 */
export async function postgresDatabaseCounters(client: pg.Client, database: string) {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    `SELECT ${DATABASE_COUNTERS.join(', ')} FROM pg_stat_database WHERE datname = $1`,
    [database],
  );
  return new Map(DATABASE_COUNTERS.map((name) => [name, Number(rows[0]?.[name] ?? 0)]));
}
