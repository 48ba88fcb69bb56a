import { Client } from 'pg';
import { httpStatusOf } from '@moba/contracts';
import { createStore } from '../src/adapters';
import { createHttpApp } from '../src/http/app';
import { createLogger } from '../src/log';
import { serviceLifecycle } from '../src/service-kit';
import type { BaseDoc, DocumentStore } from '../src/store/document-store';
import { eventually, startForTest } from '../src/testing';
import { dropSchemas, freshSchemaPrefix, POSTGRES_URL, whenPostgres, withSchema } from './fixtures/postgres';

interface Thing extends BaseDoc {
  n: number;
}

/**
 * A herd's requests wait for a pooled connection: the process's STORE_POOL sets how many there are
 * (over the URL's `pool`), and a request that finds none free within connect_timeout_ms is answered a
 * retryable 503 STORE_UNAVAILABLE, not a 500, and not held until the gateway gives up.
 */
whenPostgres('the pool of a service process', () =>
  describe('the pool of a service process', () => {
    const prefix = freshSchemaPrefix('pool');
    const schema = `${prefix}_herd`;
    let store: DocumentStore;
    const outside: Client[] = [];
    let stop: () => Promise<void> = async () => undefined;

    afterAll(async () => {
      for (const client of outside) await client.end().catch(() => undefined);
      await stop();
      await store?.close();
      await dropSchemas(prefix);
    });

    const connect = async () => {
      const client = new Client({ connectionString: POSTGRES_URL });
      outside.push(client);
      await client.connect();
      return client;
    };

    test("STORE_POOL=1 over the URL's pool=5: with its one connection waiting on a lock, a read is refused 503 STORE_UNAVAILABLE with Retry-After within connect_timeout_ms, and served once the lock goes", async () => {
      // The URL allows 5 connections and a lock wait of a minute; the process's setting allows 1.
      const url = `${withSchema(prefix)}&pool=5&lock_timeout_ms=60000&connect_timeout_ms=1000`;
      store = await createStore(url, 'herd', { pool: 1 });
      const things = await store.collection<Thing>('things');
      await things.insertOne({ _id: 'a', n: 0 });
      const app = createHttpApp({
        name: 'herd',
        logger: createLogger('test', 'silent'),
        routes: (app) => {
          app.put('/things/:id', async (req, res) => {
            await things.updateOne({ _id: req.params.id }, { $inc: { n: 1 } });
            res.json({ ok: true });
          });
          app.get('/things', async (_req, res) => {
            res.json(await things.find({}));
          });
        },
      });
      const started = await startForTest(serviceLifecycle(app, {}));
      stop = started.stop;
      const { client } = started;

      const holder = await connect();
      await holder.query('BEGIN');
      await holder.query(`SELECT _id FROM "${schema}"."things" WHERE _id = 'a' FOR UPDATE`);
      const waiting = client.put('/things/a', {});
      const watcher = await connect();
      const connectionsOfTheProcess = async (state = '%') => {
        const { rows } = await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE application_name = 'moba-herd' AND datname = current_database()
             AND query LIKE $1 AND coalesce(wait_event_type, '') LIKE $2`,
          [`%"${schema}"%`, state],
        );
        return rows[0].n;
      };
      await eventually(
        async () => (await connectionsOfTheProcess('Lock')) === 1,
        'the update waiting on the lock',
        20_000,
      );

      // Without a limit on the wait for a connection this read would wait for the lock's minute.
      const refused = await client.get('/things');
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('STORE_UNAVAILABLE');
      expect(httpStatusOf(refused.body.error.code)).toBe(503); // a catalogue code: the web has its texts
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await connectionsOfTheProcess()).toBe(1);

      await holder.query('ROLLBACK');
      expect((await waiting).status).toBe(200);
      const served = await client.get('/things');
      expect(served.status).toBe(200);
      expect(served.body).toEqual([{ _id: 'a', n: 1 }]);
    }, 60_000);
  }),
);
