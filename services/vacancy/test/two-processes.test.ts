import { randomUUID } from 'node:crypto';
import { calendarDay, topics, type EventEnvelope } from '@moba/contracts';
import { createBus, createLogger, createTokenSigner, generateKeyPair, type EventBus } from '@moba/platform';
import { testClient, type TestClient } from '@moba/platform/testing';
import { freePort } from '../../../libs/platform/test/fixtures/engines';
import { deleteKeys, REDIS_URL } from '../../../libs/platform/test/fixtures/redis';
import {
  dropSchemas,
  freshSchemaPrefix,
  whenPostgres,
  withSchema,
} from '../../../libs/platform/test/fixtures/postgres';
import { spawnTs, type Child } from '../../../libs/platform/test/fixtures/spawn';
import { envelope, validVacancy } from './helpers';

/** How soon a write on one instance must show in the other's browse. */
const VISIBLE_WITHIN_MS = 1000;

/**
 * Two vacancy PROCESSES on Redis Streams and one PostgreSQL store, as `start:distributed` runs them:
 * a write on one shows in the other's in-memory browse within a second, with no timed reload.
 */
whenPostgres('two vacancy processes on one bus and one PostgreSQL store', () =>
  describe('two vacancy processes on one bus and one PostgreSQL store', () => {
    const prefix = freshSchemaPrefix('browse2');
    const busUrl = `${REDIS_URL}?prefix=${prefix}&blockMs=500`;
    const keys = generateKeyPair();
    const signer = createTokenSigner(keys.privateKeyPem);
    const children: Child[] = [];
    const clients: TestClient[] = [];
    let bus: EventBus;

    const token = async (role: 'Worker' | 'Estate') => {
      const id = randomUUID();
      const jwt = await signer.sign({ id, role, fullName: `Test ${role}`, tokenVersion: 0 }, 3600);
      return { id, auth: { authorization: `Bearer ${jwt}` } };
    };

    beforeAll(async () => {
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        children.push(
          spawnTs('services/vacancy/src/main.ts', [], {
            NODE_ENV: 'test',
            PORT: String(port),
            HOST: '127.0.0.1',
            EVENT_BUS_URL: busUrl,
            STORE_URL: withSchema(prefix),
            JWT_PUBLIC_KEY: keys.publicKeyPem,
            SCHEDULER_INTERVAL_MS: '3600000',
          }),
        );
        clients.push(testClient(`http://127.0.0.1:${port}`));
      }
      for (const [i, client] of clients.entries()) await waitReady(client, children[i]);
      bus = await createBus(busUrl, 'test', createLogger('test', 'silent'));
      // Warm-up (first requests compile code paths): one vacancy through both, without the time bound.
      const estate = await token('Estate');
      const id = await create(a(), estate.auth);
      const worker = await token('Worker');
      const deadline = Date.now() + 20_000;
      while (!(await browse(b(), worker)).some((item) => item.id === id) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
    }, 90_000);
    afterAll(async () => {
      await bus?.close();
      await Promise.all(children.map((c) => c.kill()));
      await deleteKeys(`${prefix}:*`);
      await dropSchemas(prefix);
    });

    const [a, b] = [0, 1].map((i) => () => clients[i]);
    const today = () => calendarDay(new Date());

    const browse = async (client: TestClient, worker: { auth: Record<string, string> }) => {
      const res = await client.post('/workers/vacancies/open', { pageSize: 100 }, worker.auth);
      expect(res.status).toBe(200);
      return res.body.items as { id: string; featured: boolean; freePositions: number }[];
    };

    /** Polls the browse of an instance until the check passes; fails after VISIBLE_WITHIN_MS. */
    async function within(client: TestClient, check: (items: Awaited<ReturnType<typeof browse>>) => boolean) {
      const worker = await token('Worker');
      const start = Date.now();
      for (;;) {
        if (check(await browse(client, worker))) return Date.now() - start;
        if (Date.now() - start > VISIBLE_WITHIN_MS)
          throw new Error(`not visible within ${VISIBLE_WITHIN_MS} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }

    const create = async (client: TestClient, auth: Record<string, string>, overrides = {}) => {
      const res = await client.post('/estates/vacancies/create', validVacancy(today(), overrides), auth);
      expect(res.status).toBe(201);
      return res.body.id as string;
    };

    it('shows a vacancy created on A in B within a second, and drops it from B within a second of its deletion on A', async () => {
      const estate = await token('Estate');
      const id = await create(a(), estate.auth);
      await within(b(), (items) => items.some((item) => item.id === id));
      expect((await a().delete(`/estates/vacancies/${id}`, estate.auth)).status).toBeLessThan(300);
      await within(b(), (items) => !items.some((item) => item.id === id));
    }, 30_000);

    it('shows a featuring settled by either process in both within a second', async () => {
      const estate = await token('Estate');
      const free = await create(a(), estate.auth, { sponsored: true }); // the promo one: featured at once
      await within(b(), (items) => items.some((item) => item.id === free && item.featured));
      const paid = await create(a(), estate.auth, { sponsored: true, title: 'Berba jabuka' }); // Pending
      const paymentId = randomUUID();
      const succeeded: EventEnvelope = envelope('PaymentSucceeded', paymentId, {
        paymentId,
        purpose: 'featuring',
        vacancyId: paid,
        estateId: estate.id,
        amount: 1500,
      });
      await bus.publish(topics.payment, succeeded);
      for (const client of [a(), b()])
        await within(client, (items) => items.some((item) => item.id === paid && item.featured));
    }, 30_000);

    it('lowers the free count in both processes within a second of an acceptance', async () => {
      const estate = await token('Estate');
      const id = await create(b(), estate.auth, { numberOfWorkers: 5 });
      await within(a(), (items) => items.some((item) => item.id === id));
      await bus.publish(
        topics.application,
        envelope('ApplicationAccepted', id, { applicationId: randomUUID(), vacancyId: id, freePositions: 2 }),
      );
      for (const client of [a(), b()])
        await within(client, (items) => items.find((item) => item.id === id)?.freePositions === 2);
    }, 30_000);
  }),
);

async function waitReady(client: TestClient, child: Child) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`vacancy exited:\n${child.output()}`);
    try {
      if ((await client.get('/readyz')).status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`vacancy not ready:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
