import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { simulateSeason } from '../../scripts/season/simulate-season';
import { schemaPrefix } from '../../scripts/distributed/plan';
import { startDistributed } from '../support/distributed';
import { ADMIN, loginAdmin } from '../support/product';

const run = promisify(execFile);
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://moba:moba@127.0.0.1:5432/moba_test';

/**
 * docs/operations.md, "Back up and restore PostgreSQL", step by step on a live distributed run in
 * mid-season: the dump is taken from a snapshot the test counted in (pg_dump --snapshot), the run's
 * schemas are dropped, pg_restore brings them back, and every recount agrees with the one before.
 */
type Recount = Record<string, number>;

/** Rows of every table of the run's schemas, and the season's facts read from the documents. */
async function recount(sql: pg.ClientBase, prefix: string): Promise<Recount> {
  const { rows: tables } = await sql.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
     WHERE starts_with(table_schema, $1) ORDER BY 1, 2`,
    [schemaPrefix(prefix)],
  );
  const counts: Recount = {};
  for (const { schema, table } of tables)
    counts[`${schema.slice(schemaPrefix(prefix).length)}.${table}`] = Number(
      (await sql.query(`SELECT count(*) AS n FROM "${schema}"."${table}"`)).rows[0].n,
    );
  const facts = async (name: string, query: string) => {
    counts[name] = Number((await sql.query(query)).rows[0].n);
  };
  const s = (service: string) => `"${schemaPrefix(prefix)}${service}"`;
  await facts(
    'accepted applications',
    `SELECT count(*) AS n FROM ${s('application')}.applications WHERE doc->>'status' = 'Accepted'`,
  );
  await facts('workers', `SELECT count(*) AS n FROM ${s('auth')}.users WHERE doc->>'role' = 'Worker'`);
  await facts('estates', `SELECT count(*) AS n FROM ${s('auth')}.users WHERE doc->>'role' = 'Estate'`);
  await facts('mobas', `SELECT count(*) AS n FROM ${s('vacancy')}.vacancies`);
  return counts;
}

async function schemasOf(sql: pg.ClientBase, prefix: string) {
  const { rows } = await sql.query<{ nspname: string }>(
    'SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1) ORDER BY 1',
    [schemaPrefix(prefix)],
  );
  return rows.map((r) => r.nspname);
}

test('a mid-season PostgreSQL dump, dropped and restored, recounts the same season', async () => {
  const product = await startDistributed();
  const backupDir = mkdtempSync(join(tmpdir(), 'moba-backup-'));
  const dump = join(backupDir, 'moba.dump');
  const sql = new pg.Client({ connectionString: POSTGRES_URL });
  await sql.connect();
  let before: Recount;
  try {
    // Mid-season: mobas open, applications accepted, nothing finished yet.
    const season = await simulateSeason(product.client, {
      estates: 2,
      workers: 5,
      mobasPerEstate: 2,
      seed: 3434,
      admin: ADMIN,
      finishJobs: false,
    });
    expect(season.accepted).toBeGreaterThan(0);
    const admin = await loginAdmin(product.client);
    const stats = (await product.client.get('/api/admin/stats', admin.auth)).body;

    // One snapshot for the recount and the dump, while the product keeps running.
    await sql.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const snapshot = (await sql.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0].id;
    before = await recount(sql, product.prefix);
    await run('pg_dump', [
      '--format=custom',
      `--snapshot=${snapshot}`,
      `--schema=${schemaPrefix(product.prefix)}*`,
      `--file=${dump}`,
      POSTGRES_URL,
    ]);
    await sql.query('COMMIT');
    expect(statSync(dump).size).toBeGreaterThan(0);
    expect(before['accepted applications']).toBeGreaterThan(0);
    // The documents say what the product says.
    expect(stats).toMatchObject({ workers: 5, estates: 2, totalVacancies: 4 });
    expect({ workers: before.workers, estates: before.estates, mobas: before.mobas }).toEqual({
      workers: 5,
      estates: 2,
      mobas: 4,
    });

    // Lost: the run stops and its schemas are dropped.
    await product.stop();
    expect(await schemasOf(sql, product.prefix)).toEqual([]);
  } catch (error) {
    await product.stop();
    throw error;
  }
  try {
    // Restored: the schemas, tables, indexes and documents of the dump.
    await run('pg_restore', ['--exit-on-error', `--dbname=${POSTGRES_URL}`, dump]);
    const after = await recount(sql, product.prefix);
    expect(Object.keys(after).length).toBeGreaterThan(10);
    expect(after).toEqual(before);
  } finally {
    for (const schema of await schemasOf(sql, product.prefix))
      await sql.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await sql.end();
    rmSync(backupDir, { recursive: true, force: true });
  }
}, 300_000);
