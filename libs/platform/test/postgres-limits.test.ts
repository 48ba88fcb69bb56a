import { runtimeEnvSchema } from '../src/config';
import { poolLimits, readPostgresUrl, whyUnavailable } from '../src/store/postgres-limits';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('the PostgreSQL store limits in STORE_URL', () => {
  test('without options every wait still has a limit, generous enough for a loaded machine', () => {
    const { options, connectionString } = readPostgresUrl('postgres://u:p@db:5432/moba?schema=moba');
    expect(options).toEqual({
      pool: 5,
      statement_timeout_ms: 10_000,
      lock_timeout_ms: 5_000,
      idle_transaction_timeout_ms: 20_000,
      connect_timeout_ms: 5_000,
    });
    expect(connectionString).toBe('postgres://u:p@db:5432/moba');
    expect(poolLimits(options)).toMatchObject({
      max: 5,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 10_000,
      lock_timeout: 5_000,
      idle_in_transaction_session_timeout: 20_000,
      query_timeout: 12_000, // the client gives up a little after the server would have
      keepAlive: true,
    });
  });

  test('each limit is set in the query and taken off the URL node-postgres reads; its other parameters stay', () => {
    const { options, connectionString } = readPostgresUrl(
      'postgres://u:p@db/moba?schema=s&pool=2&statement_timeout_ms=3000&lock_timeout_ms=1000&idle_transaction_timeout_ms=4000&connect_timeout_ms=1500&sslmode=require',
    );
    expect(options).toEqual({
      pool: 2,
      statement_timeout_ms: 3000,
      lock_timeout_ms: 1000,
      idle_transaction_timeout_ms: 4000,
      connect_timeout_ms: 1500,
    });
    expect(connectionString).toBe('postgres://u:p@db/moba?sslmode=require');
  });

  test("the pool: the process's STORE_POOL over the URL's pool, over the default of the service, which gives a herd's services more", () => {
    const url = 'postgres://u:p@db/moba?schema=s';
    const poolOf = (at: string, settings: { service?: string; pool?: number }) =>
      poolLimits(readPostgresUrl(at, settings).options).max;
    expect(poolOf(url, { service: 'application' })).toBe(10);
    expect(poolOf(url, { service: 'vacancy' })).toBe(8);
    expect(poolOf(url, { service: 'notification' })).toBe(6);
    expect(poolOf(url, { service: 'auth' })).toBe(5);
    expect(poolOf(`${url}&pool=3`, { service: 'application' })).toBe(3);
    expect(poolOf(`${url}&pool=3`, { service: 'application', pool: 12 })).toBe(12);
    expect(poolOf(url, { service: 'auth', pool: 2 })).toBe(2);
  });

  test('STORE_POOL is read from the environment and refused at start when it is not a pool size', () => {
    const parse = (value: string) => runtimeEnvSchema.safeParse({ STORE_POOL: value });
    expect(parse('12').data?.STORE_POOL).toBe(12);
    expect(parse('').data?.STORE_POOL).toBeUndefined();
    for (const bad of ['0', '101', 'many', '2.5']) expect(parse(bad).success).toBe(false);
  });

  test.each([
    ['lock_timeout_ms=0', /lock_timeout_ms/],
    ['statement_timeout_ms=soon', /statement_timeout_ms/],
    ['connect_timeout_ms=', /connect_timeout_ms/],
    ['idle_transaction_timeout_ms=1.5', /idle_transaction_timeout_ms/],
    ['pool=0', /pool/],
  ])('%s is refused at start, naming the parameter', (query, named) => {
    expect(() => readPostgresUrl(`postgres://u:p@db/moba?${query}`)).toThrow(named);
    expect(() => readPostgresUrl(`postgres://u:p@db/moba?${query}`)).toThrow(/^STORE_URL: /);
  });
});

describe('telling a store that did not answer from other failures', () => {
  test.each([
    ['a statement over statement_timeout (57014)', coded('57014'), /statement_timeout_ms/],
    ['a lock not granted within lock_timeout (55P03)', coded('55P03'), /lock_timeout_ms/],
    ['a session ended for an idle transaction (25P03)', coded('25P03'), /idle_transaction_timeout_ms/],
    ['no free pooled connection', new Error('timeout exceeded when trying to connect'), /connect_timeout_ms/],
    [
      'a handshake that never ends',
      new Error('Connection terminated due to connection timeout'),
      /connect_timeout_ms/,
    ],
    ['a statement the server never answered', new Error('Query read timeout'), /statement_timeout_ms/],
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED'), /cannot answer/],
  ])('%s', (_label, error, why) => {
    expect(whyUnavailable(error)).toMatch(why);
  });

  test.each([
    ['a unique-key violation (23505)', coded('23505')],
    ['a bad statement (42601)', coded('42601')],
    ['a plain bug', new TypeError('x is undefined')],
  ])('%s is not', (_label, error) => {
    expect(whyUnavailable(error)).toBeUndefined();
  });
});
