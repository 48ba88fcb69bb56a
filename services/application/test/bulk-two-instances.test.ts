import { randomUUID } from 'node:crypto';
import { calendarDay, topics } from '@moba/contracts';
import { createMemoryBus, createStore, type DocumentStore } from '@moba/platform';
import { createTestDeps, startForTest, testToken, type TestClient } from '@moba/platform/testing';
import {
  dropSchemas,
  freshSchemaPrefix,
  whenPostgres,
  withSchema,
} from '../../../libs/platform/test/fixtures/postgres';
import { createService } from '../src/service';
import { loadApplicationConfig } from '../src/config';
import { openApplicationStore } from '../src/store';
import { UserRegistered, VacancyCreated } from '../src/messaging/foreign-events';

/**
 * Two application instances on one PostgreSQL store, as `start:distributed` runs them: the same bulk
 * decision sent to both at once (a retry through another instance) and a rival batch for the same
 * applications still give the 10 places of a moba exactly once.
 */
whenPostgres('bulk decisions on two instances and one PostgreSQL store', () =>
  describe('bulk decisions on two instances and one PostgreSQL store', () => {
    const prefix = freshSchemaPrefix('bulk');
    const bus = createMemoryBus();
    const stores: DocumentStore[] = [];
    const clients: TestClient[] = [];
    const stops: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      for (let i = 0; i < 2; i += 1) {
        const store = await createStore(withSchema(prefix), 'application');
        stores.push(store);
        const service = await createService({
          ...createTestDeps(),
          bus,
          store,
          config: loadApplicationConfig({ PORT: '0', LOG_LEVEL: 'silent' }),
        });
        const started = await startForTest(service);
        clients.push(started.client);
        stops.push(started.stop);
      }
    }, 60_000);
    afterAll(async () => {
      for (const stop of stops) await stop();
      for (const store of stores) await store.close();
      await dropSchemas(prefix);
    });

    test('50 applications for 10 places, decided by the same batch on both instances and by a rival batch: exactly 10 accepted', async () => {
      const vacancyId = randomUUID();
      const start = new Date(Date.now() + 30 * 86_400_000);
      await bus.publish(
        topics.vacancy,
        VacancyCreated.create(vacancyId, {
          vacancyId,
          estateId: randomUUID(),
          estateName: 'Imanje',
          title: 'Berba grožđa',
          municipality: 'Smederevo',
          startDate: calendarDay(start),
          endDate: calendarDay(new Date(start.getTime() + 10 * 86_400_000)),
          totalPositions: 10,
          status: 'Open',
          featured: false,
          groupLeadersAccepted: false,
        }),
      );
      const ids: string[] = [];
      for (let i = 0; i < 50; i += 1) {
        const worker = await testToken('Worker');
        await bus.publish(
          topics.auth,
          UserRegistered.create(worker.id, {
            userId: worker.id,
            role: 'Worker',
            fullName: `Radnik ${i}`,
            phone: '+381641234567',
            groupLeader: false,
            groupSize: 0,
          }),
        );
        const res = await clients[i % 2].post('/applications/create', { vacancyId }, worker.auth);
        expect(res.status).toBe(201);
        ids.push(res.body.id as string);
      }
      const admin = await testToken('Admin');
      const body = { batchId: randomUUID(), decision: 'accept', applicationIds: ids };
      const [one, two, rival] = await Promise.all([
        clients[0].post('/admin/applications/decisions', body, admin.auth),
        clients[1].post('/admin/applications/decisions', body, admin.auth),
        clients[1].post(
          '/admin/applications/decisions',
          { batchId: randomUUID(), decision: 'accept', applicationIds: [...ids].reverse() },
          admin.auth,
        ),
      ]);
      expect([one.status, two.status, rival.status]).toEqual([200, 200, 200]);
      const done = one.body.status === 'done' ? one.body : two.body;
      expect(done).toMatchObject({ status: 'done', total: 50, processed: 50 });
      expect(done.accepted + rival.body.accepted).toBe(10);

      const store = await openApplicationStore(stores[0]);
      expect(await store.applications.count({ vacancyId, status: 'Accepted' })).toBe(10);
      const vacancy = await store.vacancies.findOne({ _id: vacancyId });
      expect(vacancy).toMatchObject({ freePositions: 0 });
      expect(Object.keys(vacancy!.claims)).toHaveLength(10);
    }, 120_000);
  }),
);
