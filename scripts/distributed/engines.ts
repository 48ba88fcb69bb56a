/**
 * Do the engines the distributed mode needs answer? Each check resolves to undefined when the engine
 * answers, else to a short reason for the one line start:distributed prints before it stops.
 */
import Redis from 'ioredis';
import pg from 'pg';
import { schemaPrefix } from './plan';

export async function redisProblem(url: string): Promise<string | undefined> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const pong = await redis.ping();
    return pong === 'PONG' ? undefined : `PING answered ${pong}`;
  } catch (error) {
    return (error as Error).message;
  } finally {
    redis.disconnect();
  }
}

/**
 * Connects to the database of `url`; a missing database is created (the role needs CREATEDB), so a
 * fresh PostgreSQL with the moba role is enough. Schemas and tables are the store adapter's: it sets
 * them up, idempotently, when each service starts.
 */
export async function postgresProblem(url: string): Promise<string | undefined> {
  const connect = async (target: string) => {
    const client = new pg.Client({ connectionString: target, connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  try {
    const client = await connect(url);
    await client.end();
    return undefined;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') return (error as Error).message; // 3D000: no such database
  }
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  maintenance.search = '';
  try {
    const client = await connect(maintenance.toString());
    try {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error; // 42P04: created meanwhile
    } finally {
      await client.end();
    }
    return undefined;
  } catch (error) {
    return `database ${database} is missing and could not be created: ${(error as Error).message}`;
  }
}

/** Drops every schema of a run's prefix (a test run's schemas; see plan.ts schemaName). */
export async function dropSchemas(url: string, prefix: string) {
  const start = schemaPrefix(prefix);
  if (!start) throw new Error('refusing to drop the schemas of a run without a prefix');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)`,
      [start],
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}
