/**
 * Transient failures (a store or broker unreachable, a timeout) pass when the outage ends: a consumer
 * retries them without end. Everything else is a poison event for this handler: a few attempts, then
 * the dead-letter topic.
 */
export class TransientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientError';
  }
}

/** A consumer could not read an event's data with its schema: retrying cannot help. */
export class MalformedEventError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MalformedEventError';
  }
}

/** Whether the error, or any error it was caused by, passes the test. */
function anyCause(error: unknown, test: (current: unknown) => boolean): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    if (test(current)) return true;
  }
  return false;
}

const named = (error: unknown, ...names: string[]) =>
  names.includes((error as { name?: unknown }).name as string);

/** A schema failure (zod's or ours), here or as a cause: the event goes to the dead letters at once. */
export const isMalformedEvent = (error: unknown) =>
  anyCause(error, (current) => named(current, 'ZodError', 'MalformedEventError'));

/** The store did not answer within its limits (StoreUnavailableError), here or as a cause. */
export const isStoreUnavailable = (error: unknown) =>
  anyCause(error, (current) => named(current, 'StoreUnavailableError'));

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'NR_CLOSED', // ioredis: the connection is closed for good
]);

const TRANSIENT_NAMES = new Set([
  'TransientError',
  'StoreUnavailableError',
  'TimeoutError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongooseServerSelectionError',
  'MaxRetriesPerRequestError', // ioredis
  'KafkaJSConnectionError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSConnectionClosedError',
  'KafkaJSBrokerNotFound',
  'KafkaJSLockTimeout',
]);

const TRANSIENT_MESSAGES = [
  /connection is closed/i, // ioredis
  /stream isn't writeable/i, // ioredis without an offline queue
  /connection terminated/i, // pg
  /connection timeout/i,
  /timeout exceeded when trying to connect/i, // pg pool
  /client has encountered a connection error/i, // pg
  /server selection timed out/i,
  /buffering timed out/i, // mongoose with bufferCommands on
  /socket hang up/i,
  /command timed out/i, // ioredis commandTimeout
];

/** PostgreSQL SQLSTATE classes that pass with time: connection (08), resources (53), shutdown (57P0x), retry (40001, 40P01). */
function transientSqlState(code: string) {
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    /^57P0[1-4]$/.test(code) ||
    code === '40001' ||
    code === '40P01'
  );
}

function transientHere(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: unknown; code?: unknown; message?: unknown; errorLabels?: unknown };
  if (typeof e.name === 'string' && TRANSIENT_NAMES.has(e.name)) return true;
  if (
    typeof e.code === 'string' &&
    (NETWORK_CODES.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && transientSqlState(e.code)))
  )
    return true;
  if (Array.isArray(e.errorLabels) && e.errorLabels.includes('RetryableWriteError')) return true;
  return (
    typeof e.message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(e.message as string))
  );
}

/** True when the error, or any error it was caused by, is a transient one. */
export const isTransientFailure = (error: unknown) =>
  anyCause(error, (current) => {
    if (transientHere(current)) return true;
    const errors = (current as { errors?: unknown }).errors; // AggregateError (a refused dual-stack connect)
    return Array.isArray(errors) && errors.some(transientHere);
  });
