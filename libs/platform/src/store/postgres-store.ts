import { createHash } from 'node:crypto';
import { Pool, types, type PoolClient, type QueryConfig } from 'pg';
import {
  DuplicateKeyError,
  StoreUnavailableError,
  type BaseDoc,
  type Collection,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type FieldsRead,
  type NewDocuments,
  type StoreSettings,
  type Update,
} from './document-store';
import { firstOfEachId, openedCollection } from './insert-new';
import { isOperatorObject } from './operator-object';
import {
  arrayishExpression,
  orderSql,
  pathExpression,
  quoteIdent,
  SqlParams,
  whereSql,
} from './postgres-sql';
import { decodeJson, encodeJson, encodeText } from './postgres-text';
import { isUnansweredStatement, poolLimits, readPostgresUrl, whyUnavailable } from './postgres-limits';
import { applyUpdate, checkDocument, upsertDocument } from './update-operators';

/**
 * DocumentStore on PostgreSQL (node-postgres). One schema per service, one table per collection:
 * `(_id text PRIMARY KEY, doc jsonb)`, the whole document in doc. Filters become SQL over doc
 * (postgres-sql.ts), sort/skip/limit too. A write that reads first (updateOne, updateMany,
 * findOneAndUpdate) runs in a transaction that locks the matched rows (SELECT ... FOR UPDATE: a row
 * changed meanwhile is matched again against the filter once locked), applies the update operators
 * here (update-operators.ts: our own, with the embedded adapter's semantics), and writes the rows back. SQLSTATE 23505 is the one
 * DuplicateKeyError.
 *
 * URL: `postgres://user:password@host:port/database?schema=PREFIX` → schema `PREFIX_<service>`
 * (without `schema`, just `<service>`); `pool=N` caps the connections of this process (the process's
 * STORE_POOL overrides it; the default depends on the service: postgres-limits.ts). Every wait has
 * a limit (postgres-limits.ts, also set in the URL); reaching one, a full pool's included, is a
 * StoreUnavailableError (HTTP 503 STORE_UNAVAILABLE with Retry-After).
 */
const SETUP_LOCK_CLASS = 0x6d6f6261; // 'moba': the advisory lock space of schema setup
const RETRYABLE = new Set(['40P01', '40001']); // deadlock, serialization failure
/**
 * Schema setup at start may build an index over a large table or wait for another instance's setup:
 * it is not a request, so it gets longer than the request limits.
 */
const SETUP_TIMEOUT_MS = 120_000;
const JSONB_OID = 3802;
const parseTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === JSONB_OID ? decodeJson : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
}

function translate(collection: string, error: unknown): never {
  const e = error as PgError;
  if (e?.code === '23505')
    throw new DuplicateKeyError(collection, e.detail ?? e.constraint ?? 'unique index');
  const why = whyUnavailable(error);
  if (why) throw new StoreUnavailableError(`${collection}: ${why}`, { cause: error });
  throw error;
}

export function postgresSchemaName(url: string, service: string): string {
  const prefix = new URL(url).searchParams.get('schema');
  const name = (prefix ? `${prefix}_${service}` : service).toLowerCase().replace(/[^a-z0-9_]/g, '_');
  if (name.length > 63) throw new Error(`schema name ${name} is longer than PostgreSQL's 63 characters`);
  return name;
}

const shortHash = (text: string, length = 10) =>
  createHash('sha1').update(text).digest('hex').slice(0, length);
const indexName = (table: string, label: string, definition: string) =>
  `${`${table}_${label}`.replace(/[^a-zA-Z0-9_]/g, '_').slice(0, 48)}_${shortHash(definition)}`;

/** The DDL of a collection: table, the outbox index, and every declared index. Idempotent. */
export function collectionDdl(schema: string, table: string, indexes: IndexSpec[]): string[] {
  const qualified = `${quoteIdent(schema)}.${quoteIdent(table)}`;
  const statements = [`CREATE TABLE IF NOT EXISTS ${qualified} (_id text PRIMARY KEY, doc jsonb NOT NULL)`];
  const create = (label: string, body: string, unique = false) =>
    statements.push(
      `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quoteIdent(indexName(table, label, body))} ON ${qualified} ${body}`,
    );
  // The outbox relay's `{'_outbox.0': {$exists: true}}`: an index on that very boolean, whose
  // statistics also tell the planner how few documents are pending.
  create('outbox', `((${pathExpression('_outbox.0')} IS NOT NULL))`);
  const arrayishFields = new Set<string>();
  for (const index of indexes.filter((spec) => spec.expireAfterSeconds === undefined)) {
    const columns = index.fields.map(pathExpression);
    // NULLS FIRST: the order of orderSql (a missing field first), forwards and backwards.
    let body = `(${columns.map((c) => `${c} NULLS FIRST`).join(', ')})`;
    if (index.sparse) body += ` WHERE ${columns.map((c) => `${c} IS NOT NULL`).join(' AND ')}`;
    // Non-sparse unique: a missing field is one value, as in MongoDB and nedb.
    else if (index.unique) body += ' NULLS NOT DISTINCT';
    create(index.fields.join('_'), body, index.unique);
    index.fields.forEach((f) => arrayishFields.add(f));
  }
  // Tiny partial indexes of the documents whose indexed field holds (or runs through) an array, the
  // element-wise arm of a condition (postgres-sql.ts): with them the planner never has to scan.
  for (const field of arrayishFields) {
    const arrayish = arrayishExpression(field);
    if (arrayish) create(`${field}_arrays`, `(_id) WHERE ${arrayish}`);
  }
  return statements;
}

/** Only the named top-level fields of doc (and _id), missing fields left out as in the other stores. */
function projectionSql(fields: string[]) {
  for (const f of fields) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(f)) throw new Error(`bad field name ${f}`);
  const names = fields.map((f) => `'${f}'`).join(', ');
  return `jsonb_build_object('_id', _id) || COALESCE((SELECT jsonb_object_agg(key, value) FROM jsonb_each(doc) WHERE key IN (${names || "''"})), '{}'::jsonb)`;
}

/** A statement for pool.query: with a name, each connection parses it once and keeps it. */
export interface Statement {
  text: string;
  values: unknown[];
  name?: string;
}

/**
 * Names a statement so each connection keeps it parsed (and, after five runs, planned): the server's
 * work per call drops by a quarter on the hot paths (bench/README). Only for texts from a small, fixed
 * set, since a connection keeps every statement it was given by name: lookups by _id (their plan is
 * the primary key's whatever the values) and the inserts of insertNew.
 */
const prepared = (statement: Statement): Statement => ({
  ...statement,
  name: `moba_${shortHash(statement.text, 24)}`,
});

/** A filter on _id alone, by one id or a list of them: its text is the same for any ids. */
const isIdLookup = (filter: Filter) => {
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '_id') return false;
  const value = filter._id;
  if (typeof value === 'string') return true;
  if (!isOperatorObject(value)) return false;
  const { $in, ...rest } = value as { $in?: unknown };
  return !Object.keys(rest).length && Array.isArray($in) && $in.every((id) => typeof id === 'string');
};

/** The SELECT of find and findOne (exported so tests can EXPLAIN the very statement). */
export function findStatement(
  schema: string,
  name: string,
  filter: Filter,
  { sort, skip, limit }: FindOptions = {},
  fields?: string[],
): Statement {
  const params = new SqlParams();
  const selected = fields ? `${projectionSql(fields)} AS doc` : 'doc';
  let text = `SELECT ${selected} FROM ${quoteIdent(schema)}.${quoteIdent(name)} WHERE ${whereSql(filter, params)}`;
  if (sort && Object.keys(sort).length) text += ` ORDER BY ${orderSql(sort)}`;
  if (limit) text += ` LIMIT ${Math.floor(limit)}`;
  if (skip) text += ` OFFSET ${Math.floor(skip)}`;
  const statement = { text, values: params.values };
  return isIdLookup(filter) && !skip && (limit ?? 1) === 1 ? prepared(statement) : statement;
}

/**
 * The reads of findAcross as one statement: each read's SELECT, tagged with its place (`r`), joined
 * by UNION ALL.
 */
export function findAcrossStatement(schema: string, reads: FieldsRead[]): Statement {
  const params = new SqlParams();
  const selects = reads.map(
    (read, i) =>
      `SELECT ${i} AS r, ${projectionSql(read.fields)} AS doc FROM ${quoteIdent(schema)}.${quoteIdent(read.collection)} WHERE ${whereSql(read.filter, params)}`,
  );
  const statement = { text: selects.join(' UNION ALL '), values: params.values };
  return reads.every((read) => isIdLookup(read.filter)) ? prepared(statement) : statement;
}

/**
 * One INSERT per collection, all in one statement (data-modifying CTEs): one transaction, one WAL
 * flush, one round trip. An _id already stored is left out (ON CONFLICT (_id) DO NOTHING); the rows
 * returned say which were inserted (`w`: the index of the write).
 */
export function insertNewStatement(schema: string, writes: NewDocuments[]): Statement {
  const values: unknown[] = [];
  const parts: string[] = [];
  writes.forEach((write, i) => {
    const docs = firstOfEachId(write.docs);
    if (!docs.length) return;
    docs.forEach(checkDocument);
    values.push(
      docs.map((doc) => encodeText(doc._id)),
      docs.map(encodeJson),
    );
    const table = `${quoteIdent(schema)}.${quoteIdent(write.collection)}`;
    parts.push(
      `w${i} AS (INSERT INTO ${table} (_id, doc) SELECT * FROM unnest($${values.length - 1}::text[], $${values.length}::jsonb[]) ON CONFLICT (_id) DO NOTHING RETURNING _id)`,
    );
  });
  if (!parts.length) return { text: '', values };
  const selects = parts.map((part) => part.slice(0, part.indexOf(' ')));
  return prepared({
    text: `WITH ${parts.join(', ')} ${selects.map((w) => `SELECT ${w.slice(1)} AS w, _id FROM ${w}`).join(' UNION ALL ')}`,
    values,
  });
}

export async function createPostgresStore(
  url: string,
  service: string,
  { pool: poolSize }: StoreSettings = {},
): Promise<DocumentStore> {
  const schema = postgresSchemaName(url, service);
  const { options, connectionString } = readPostgresUrl(url, { service, pool: poolSize });
  const pool = new Pool({
    connectionString,
    ...poolLimits(options),
    application_name: `moba-${service}`,
    types: parseTypes,
  });
  // An idle connection that breaks (server restart) is dropped by the pool; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`STORE_URL: no PostgreSQL answers at ${new URL(url).host} (${(error as Error).message})`);
  }

  async function transaction<R>(run: (client: PoolClient) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      let broken = false;
      // A connection cut between two statements (a restart, a failover) is emitted as an 'error' event
      // on the checked-out client: without a listener it would end the process.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await run(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A statement the server never answered still runs on that connection: drop it (the server
        // rolls back) rather than queue a ROLLBACK behind it.
        if (isUnansweredStatement(error)) broken = true;
        else await client.query('ROLLBACK').catch(() => (broken = true));
        if (attempt < 5 && RETRYABLE.has((error as PgError)?.code ?? '')) continue;
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    }
  }

  function wrap<T extends BaseDoc>(name: string): Collection<T> {
    const table = `${quoteIdent(schema)}.${quoteIdent(name)}`;
    const guard = async <R>(run: () => Promise<R>): Promise<R> => {
      try {
        return await run();
      } catch (error) {
        return translate(name, error);
      }
    };
    const select = (filter: Filter, options: FindOptions = {}) =>
      guard(async () => {
        const { rows } = await pool.query<{ doc: T }>(findStatement(schema, name, filter, options));
        return rows.map((r) => r.doc);
      });

    /**
     * One document without a transaction: read it with its row version (xmin), apply the update here,
     * write it back only if the row is still that version. Two round trips instead of four (BEGIN,
     * SELECT FOR UPDATE, UPDATE, COMMIT) and no lock held between them. Undefined when it cannot
     * decide alone: the row changed meanwhile, or an upsert found nothing (the locking path decides).
     */
    const updateUnlocked = async (filter: Filter, changes: Update, upsert: boolean) => {
      const params = new SqlParams();
      const { rows } = await pool.query<{ doc: T; version: string }>(
        `SELECT doc, xmin::text AS version FROM ${table} WHERE ${whereSql(filter, params)} LIMIT 1`,
        params.values,
      );
      if (!rows.length) return upsert ? undefined : [];
      const updated = applyUpdate(rows[0].doc, changes);
      const written = await pool.query(
        `UPDATE ${table} SET doc = $2::jsonb WHERE _id = $1 AND xmin = $3::xid`,
        [encodeText(rows[0].doc._id), encodeJson(updated), rows[0].version],
      );
      return written.rowCount ? [updated] : undefined;
    };

    /** Locks the matching rows, applies the update here, writes them back; upserts when none. */
    const update = (
      filter: Filter,
      changes: Update,
      { multi, upsert }: { multi: boolean; upsert: boolean },
    ) =>
      guard(
        async () =>
          (!multi && (await updateUnlocked(filter, changes, upsert))) ||
          transaction(async (client) => {
            for (let attempt = 1; ; attempt++) {
              const params = new SqlParams();
              const { rows } = await client.query<{ doc: T }>(
                // One lock order for every updateMany, so two of them cannot deadlock each other.
                `SELECT doc FROM ${table} WHERE ${whereSql(filter, params)} ${multi ? 'ORDER BY _id' : 'LIMIT 1'} FOR UPDATE`,
                params.values,
              );
              if (rows.length) {
                const updated = rows.map((r) => applyUpdate(r.doc, changes));
                await client.query(
                  `UPDATE ${table} AS t SET doc = v.doc FROM unnest($1::text[], $2::jsonb[]) AS v(_id, doc) WHERE t._id = v._id`,
                  [updated.map((d) => encodeText(d._id)), updated.map(encodeJson)],
                );
                return updated;
              }
              if (!upsert) return [];
              const doc = upsertDocument<T>(filter, changes);
              const inserted = await client.query(
                `INSERT INTO ${table} (_id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (_id) DO NOTHING`,
                [encodeText(doc._id), encodeJson(doc)],
              );
              if (inserted.rowCount) return [doc];
              // Another writer inserted that _id meanwhile: match again (it may now match the filter).
              if (attempt >= 2) throw new DuplicateKeyError(name, `_id ${doc._id}`);
            }
          }),
      );

    return {
      name,
      insertOne: (doc) =>
        guard(async () => {
          checkDocument(doc);
          await pool.query(`INSERT INTO ${table} (_id, doc) VALUES ($1, $2::jsonb)`, [
            encodeText(doc._id),
            encodeJson(doc),
          ]);
          return doc;
        }),
      findOne: async (filter) => (await select(filter, { limit: 1 }))[0] ?? null,
      find: (filter, options) => select(filter, options),
      findFields: (filter, fields, options) =>
        guard(async () => {
          const statement = findStatement(schema, name, filter, options, fields);
          const { rows } = await pool.query<{ doc: never }>(statement);
          return rows.map((r) => r.doc);
        }),
      count: (filter) =>
        guard(async () => {
          const params = new SqlParams();
          const { rows } = await pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ${table} WHERE ${whereSql(filter, params)}`,
            params.values,
          );
          return rows[0].n;
        }),
      updateOne: async (filter, changes, { upsert = false } = {}) =>
        (await update(filter, changes, { multi: false, upsert })).length,
      updateMany: async (filter, changes) =>
        (await update(filter, changes, { multi: true, upsert: false })).length,
      findOneAndUpdate: async (filter, changes, { upsert = false } = {}) =>
        (await update(filter, changes, { multi: false, upsert }))[0] ?? null,
      deleteOne: (filter) =>
        guard(async () => {
          const params = new SqlParams();
          const result = await pool.query(
            `DELETE FROM ${table} WHERE _id = (SELECT _id FROM ${table} WHERE ${whereSql(filter, params)} LIMIT 1)`,
            params.values,
          );
          return result.rowCount ?? 0;
        }),
      deleteMany: (filter) =>
        guard(async () => {
          const params = new SqlParams();
          const result = await pool.query(
            `DELETE FROM ${table} WHERE ${whereSql(filter, params)}`,
            params.values,
          );
          return result.rowCount ?? 0;
        }),
    };
  }

  /**
   * Creates the schema, table and indexes; one process at a time (advisory lock), each step idempotent.
   * A process sets its collections up one after another (`setUpOneByOne`), so setup holds one pooled
   * connection, not a pool full of them waiting on the lock; a pool kept busy by requests meanwhile
   * delays setup (within SETUP_TIMEOUT_MS) rather than failing the start.
   */
  async function setUp(name: string, indexes: IndexSpec[]) {
    const deadline = Date.now() + SETUP_TIMEOUT_MS;
    for (;;) {
      try {
        return await setUpOnce(name, indexes);
      } catch (error) {
        const noConnection = /connect_timeout_ms/.test(whyUnavailable(error) ?? '');
        if (!noConnection || Date.now() > deadline) throw error;
      }
    }
  }
  let setUpOneByOne: Promise<unknown> = Promise.resolve();
  function queueSetUp(name: string, indexes: IndexSpec[]) {
    const done = setUpOneByOne.then(() => setUp(name, indexes));
    setUpOneByOne = done.catch(() => undefined);
    return done;
  }

  async function setUpOnce(name: string, indexes: IndexSpec[]) {
    await transaction(async (client) => {
      const run = (text: string, values?: unknown[]) =>
        // query_timeout per query is read by node-postgres but missing from its types.
        client.query({ text, values, query_timeout: SETUP_TIMEOUT_MS + 2_000 } as QueryConfig);
      await run(`SET LOCAL statement_timeout = ${SETUP_TIMEOUT_MS}`);
      await run(`SET LOCAL lock_timeout = ${SETUP_TIMEOUT_MS}`);
      await run('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SETUP_LOCK_CLASS, schema]);
      await run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      for (const statement of collectionDdl(schema, name, indexes)) await run(statement);
    });
  }

  const open = new Map<string, Promise<Collection<BaseDoc>>>();
  return {
    collection<T extends BaseDoc>(name: string, { indexes = [] }: { indexes?: IndexSpec[] } = {}) {
      if (!/^[a-z][a-z0-9_-]*$/i.test(name)) throw new Error(`bad collection name ${name}`);
      if (!open.has(name))
        open.set(
          name,
          queueSetUp(name, indexes).then(
            () => wrap(name),
            (error: unknown) => {
              open.delete(name); // the next caller tries again once the store answers
              return translate(name, error);
            },
          ),
        );
      return open.get(name) as unknown as Promise<Collection<T>>;
    },
    async insertNew(writes) {
      const named = writes.map((write) => write.collection).join(', ');
      try {
        await Promise.all(writes.map((write) => openedCollection(open, write.collection)));
        const statement = insertNewStatement(schema, writes);
        if (!statement.text) return writes.map(() => []);
        const { rows } = await pool.query<{ w: number; _id: string }>(statement);
        return writes.map((_, i) => rows.filter((row) => row.w === i).map((row) => row._id));
      } catch (error) {
        return translate(named, error);
      }
    },
    async findAcross(reads) {
      if (!reads.length) return [];
      const named = reads.map((read) => read.collection).join(', ');
      try {
        await Promise.all(reads.map((read) => openedCollection(open, read.collection)));
        const { rows } = await pool.query<{ r: number; doc: BaseDoc }>(findAcrossStatement(schema, reads));
        return reads.map((_, i) => rows.filter((row) => row.r === i).map((row) => row.doc));
      } catch (error) {
        return translate(named, error);
      }
    },
    async ping() {
      await pool.query('SELECT 1').catch((error: unknown) => translate('(ping)', error));
    },
    async close() {
      await Promise.allSettled([...open.values()]);
      open.clear();
      await pool.end();
    },
  };
}
