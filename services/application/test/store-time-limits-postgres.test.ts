import { Client } from 'pg';
import { createMemoryBus, createStore, registerStoreReadiness, type DocumentStore } from '@moba/platform';
import { eventually, type TestClient, type TestResponse } from '@moba/platform/testing';
import {
  dropSchemas,
  freshSchemaPrefix,
  POSTGRES_URL,
  whenPostgres,
  withSchema,
} from '../../../libs/platform/test/fixtures/postgres';
import { startFreezableProxy } from '../../../libs/platform/test/fixtures/freezable-proxy';
import { within } from '../../../libs/platform/test/fixtures/within';
import { registeredWorker, startInstance } from './on-postgres';

/**
 * The PostgreSQL store never holds a request without end: a row lock held by someone else, a pool
 * whose every connection waits, or a server that stops answering is refused within seconds with 503
 * STORE_UNAVAILABLE and Retry-After, /readyz keeps answering (naming the store when it cannot answer),
 * and the first request after the cause is gone succeeds. Through the application service's HTTP.
 */
whenPostgres('the PostgreSQL store refuses in seconds what it cannot answer', () =>
  describe('the PostgreSQL store refuses in seconds what it cannot answer', () => {
    const prefixes: string[] = [];
    const running: { stop: () => Promise<void>; store: DocumentStore }[] = [];
    const outside: Client[] = [];

    afterEach(async () => {
      for (const client of outside.splice(0)) await client.end().catch(() => undefined);
      for (const { stop, store } of running.splice(0)) {
        await stop();
        await store.close();
      }
    });
    afterAll(async () => {
      for (const prefix of prefixes) await dropSchemas(prefix);
    });

    /** An application service on its own schema, STORE_URL options appended; its /readyz asks the store. */
    async function startApplication(options = '', base = POSTGRES_URL) {
      const prefix = freshSchemaPrefix('limits');
      prefixes.push(prefix);
      const bus = createMemoryBus();
      const store = await createStore(`${withSchema(prefix, base)}${options}`, 'application');
      const { client, stop } = await startInstance(bus, store);
      registerStoreReadiness(store);
      running.push({ stop, store });

      const leader = await registeredWorker(bus, 'Vođa Ekipe', { leader: true });
      // A crew has at least five members; each save names them after its label.
      const saveCrew = (label: string) =>
        client.put(
          '/workers/me/crew',
          { members: [1, 2, 3, 4, 5].map((n) => ({ name: `${label} ${n}` })) },
          leader.auth,
        );
      expect((await saveCrew('Prvi')).status).toBe(200);
      return { client, leader, saveCrew, schema: `${prefix}_application` };
    }

    /** Locks the leader's crew row from another connection, in a transaction left open. */
    async function lockCrewRow(schema: string, leaderId: string) {
      const holder = new Client({ connectionString: POSTGRES_URL });
      outside.push(holder);
      await holder.connect();
      // The outbox relay publishes the last save's event, locking the row meanwhile: let it finish, so
      // only the requests under test wait on this lock.
      await eventually(
        async () => {
          const { rows } = await holder.query<{ pending: number }>(
            `SELECT jsonb_array_length(COALESCE(doc->'_outbox', '[]')) AS pending FROM "${schema}"."crews" WHERE _id = $1`,
            [leaderId],
          );
          return rows[0]?.pending === 0;
        },
        'the crew event relayed',
        10_000,
      );
      await holder.query('BEGIN');
      const { rowCount } = await holder.query(
        `SELECT _id FROM "${schema}"."crews" WHERE _id = $1 FOR UPDATE`,
        [leaderId],
      );
      expect(rowCount).toBe(1);
      return { release: () => holder.query('ROLLBACK') };
    }

    const expectStoreUnavailable = (answer: TestResponse) => {
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('STORE_UNAVAILABLE');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    };

    const readyz = (client: TestClient) => within(5_000, '/readyz', client.get('/readyz'));

    test('a row lock held from outside: the write waiting for it is refused with 503 within seconds (default limits), /readyz answers, and after the lock goes the next write succeeds', async () => {
      const { client, leader, saveCrew, schema } = await startApplication();
      const lock = await lockCrewRow(schema, leader.id);

      expectStoreUnavailable(await within(12_000, 'a crew save behind a held lock', saveCrew('Drugi')));
      const ready = await readyz(client);
      expect(ready.status).toBe(200);
      expect(ready.body.checks.store).toEqual({ ok: true });

      await lock.release();
      expect((await within(12_000, 'a crew save after the lock', saveCrew('Treći'))).status).toBe(200);
      const crew = await client.get('/workers/me/crew', leader.auth);
      expect(crew.body.members[0].name).toBe('Treći 1');
    }, 60_000);

    test('a pool whose every connection waits on a lock: another request is refused with 503 within seconds, /readyz answers naming the store, and both recover when the lock goes', async () => {
      const { client, leader, saveCrew, schema } = await startApplication(
        '&pool=2&lock_timeout_ms=60000&connect_timeout_ms=1000',
      );
      const lock = await lockCrewRow(schema, leader.id);
      // Two saves take the pool's two connections and wait for the lock (a lock_timeout of a minute).
      const waiting = [saveCrew('Drugi'), saveCrew('Drugi')];
      const watcher = new Client({ connectionString: POSTGRES_URL });
      outside.push(watcher);
      await watcher.connect();
      await eventually(
        async () => {
          const { rows } = await watcher.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE application_name = 'moba-application' AND wait_event_type = 'Lock' AND query LIKE $1`,
            [`%"${schema}"%`],
          );
          return rows[0].n >= 2;
        },
        'both pooled connections waiting on the lock',
        20_000,
      );

      expectStoreUnavailable(
        await within(
          8_000,
          'a crew read with no free connection',
          client.get('/workers/me/crew', leader.auth),
        ),
      );
      const ready = await readyz(client);
      expect(ready.status).toBe(503);
      expect(ready.body.checks.store.ok).toBe(false);
      expect(ready.body.checks.store.detail).toEqual(expect.any(String));

      await lock.release();
      expect(
        (await within(12_000, 'the saves that waited', Promise.all(waiting))).map((a) => a.status),
      ).toEqual([200, 200]);
      expect((await client.get('/workers/me/crew', leader.auth)).status).toBe(200);
      expect((await readyz(client)).status).toBe(200);
    }, 90_000);

    test('a server that stops answering (every byte held): requests are refused with 503 within seconds, /readyz answers naming the store, and the next request after it answers again succeeds', async () => {
      const proxy = await startFreezableProxy(POSTGRES_URL);
      try {
        const { client, leader } = await startApplication(
          '&statement_timeout_ms=1000&connect_timeout_ms=1000',
          proxy.url,
        );
        proxy.freeze();

        expectStoreUnavailable(
          await within(10_000, 'a crew read from a hung server', client.get('/workers/me/crew', leader.auth)),
        );
        const ready = await readyz(client);
        expect(ready.status).toBe(503);
        expect(ready.body.checks.store.ok).toBe(false);

        proxy.thaw();
        expect(
          (await within(10_000, 'a crew read after the hang', client.get('/workers/me/crew', leader.auth)))
            .status,
        ).toBe(200);
      } finally {
        proxy.thaw();
        for (const { stop, store } of running.splice(0)) {
          await stop();
          await store.close();
        }
        await proxy.close();
      }
    }, 60_000);
  }),
);
