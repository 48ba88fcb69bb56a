import { z } from 'zod';
import type { PoolConfig } from 'pg';
import { isTransientFailure } from '../bus/failure';

const millis = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const poolSize = z.coerce.number().int().min(1).max(100);

/**
 * Connections of one process when neither STORE_POOL nor the URL's `pool` says: more for the services a
 * herd loads (a popular moba's page, its applications, the panel), 5 for the others. Each connection is
 * held for a whole transaction, also while the process waits for a core between its statements, so a
 * pool of 5 under a herd left requests waiting past connect_timeout_ms. The distributed mode's nine
 * processes (two of each hot service) open at most 2 × (10 + 8 + 6) + 3 × 5 = 63, leaving a third of
 * PostgreSQL's default max_connections (100) to everything else; pools open connections only as needed.
 */
export const DEFAULT_POOL_OF_SERVICE: Readonly<Record<string, number>> = {
  application: 10,
  vacancy: 8,
  notification: 6,
};
export const DEFAULT_POOL = 5;

/**
 * The PostgreSQL store's own options in STORE_URL's query (`?pool=5&lock_timeout_ms=5000`), times in
 * milliseconds. Every wait has a limit, so a held lock, a full pool or a hung server is refused in
 * seconds (503 STORE_UNAVAILABLE) instead of holding requests and readiness without end. The defaults
 * leave room for a loaded CI machine running nine processes against one server.
 */
export const postgresOptionsSchema = z.object({
  /** Connections of this process; STORE_POOL overrides it, DEFAULT_POOL_OF_SERVICE is the default. */
  pool: poolSize.optional(),
  /** The server cancels a statement running longer (SQLSTATE 57014). */
  statement_timeout_ms: millis(10_000),
  /** The server gives up waiting for a row or table lock (SQLSTATE 55P03). */
  lock_timeout_ms: millis(5_000),
  /** The server ends a session whose transaction sits idle this long, releasing its locks (25P03). */
  idle_transaction_timeout_ms: millis(20_000),
  /** Waiting for a free pooled connection, or for a new connection's handshake. */
  connect_timeout_ms: millis(5_000),
});
export type PostgresOptions = z.infer<typeof postgresOptionsSchema> & { pool: number };

/** The store's own query parameters: taken off the URL before node-postgres reads it. */
const STORE_PARAMS = ['schema', ...Object.keys(postgresOptionsSchema.shape)];

/**
 * A statement the server never answers (it hangs, or the network silently drops packets, where no
 * server-side timeout can fire) is given up this long after statement_timeout, and its connection dropped.
 */
const UNANSWERED_GRACE_MS = 2_000;
/** TCP keepalive probes start after this much silence, so a dead peer is noticed on idle connections. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * Reads the options from a STORE_URL; a bad value throws naming the parameter. The pool size is
 * `pool` (the process's STORE_POOL) if given, else the URL's, else the service's default.
 */
export function readPostgresUrl(
  url: string,
  { service, pool }: { service?: string; pool?: number } = {},
): { options: PostgresOptions; connectionString: string } {
  const parsed = new URL(url);
  const given = Object.fromEntries(
    Object.keys(postgresOptionsSchema.shape).flatMap((key) => {
      const value = parsed.searchParams.get(key);
      return value === null ? [] : [[key, value]];
    }),
  );
  const result = postgresOptionsSchema.safeParse(given);
  if (!result.success)
    throw new Error(
      `STORE_URL: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  for (const key of STORE_PARAMS) parsed.searchParams.delete(key);
  const size = pool ?? result.data.pool ?? DEFAULT_POOL_OF_SERVICE[service ?? ''] ?? DEFAULT_POOL;
  return { options: { ...result.data, pool: size }, connectionString: parsed.toString() };
}

/** node-postgres pool settings that enforce the options: the server's limits and the client's own. */
export function poolLimits(options: PostgresOptions): PoolConfig {
  return {
    max: options.pool,
    connectionTimeoutMillis: options.connect_timeout_ms,
    statement_timeout: options.statement_timeout_ms,
    lock_timeout: options.lock_timeout_ms,
    idle_in_transaction_session_timeout: options.idle_transaction_timeout_ms,
    query_timeout: options.statement_timeout_ms + UNANSWERED_GRACE_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
}

const TIMED_OUT_STATES: Record<string, string> = {
  '57014': 'a statement ran over statement_timeout_ms',
  '55P03': 'a lock was not granted within lock_timeout_ms',
  '25P03': 'a transaction sat idle over idle_transaction_timeout_ms',
};

/** The client gave up on a statement the server did not answer (query_timeout). */
export const isUnansweredStatement = (error: unknown) =>
  /query read timeout/i.test((error as Error)?.message ?? '');

/**
 * Why the store did not answer, when that is what the error says: one of our limits was reached or
 * the server is unreachable; undefined for every other error (a bad statement, a duplicate key).
 */
export function whyUnavailable(error: unknown): string | undefined {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && TIMED_OUT_STATES[e.code]) return TIMED_OUT_STATES[e.code];
  const message = typeof e?.message === 'string' ? e.message : '';
  if (/timeout exceeded when trying to connect|connection timeout/i.test(message))
    return 'no connection within connect_timeout_ms';
  if (isUnansweredStatement(error)) return 'the server did not answer within statement_timeout_ms';
  if (isTransientFailure(error)) return `the server cannot answer now (${message || e?.code})`;
  return undefined;
}
