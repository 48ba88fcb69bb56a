import { randomUUID } from 'node:crypto';
import { testToken } from '@moba/platform/testing';
import { whenPostgres } from '../../../libs/platform/test/fixtures/postgres';
import { openApplicationStore } from '../src/store';
import { instancesOnPostgres, openVacancy, registeredWorker } from './on-postgres';

/**
 * Two application instances on one PostgreSQL store, as `start:distributed` runs them: the same bulk
 * decision sent to both at once (a retry through another instance) and a rival batch for the same
 * applications still give the 10 places of a moba exactly once.
 */
whenPostgres('bulk decisions on two instances and one PostgreSQL store', () =>
  describe('bulk decisions on two instances and one PostgreSQL store', () => {
    const { bus, stores, client } = instancesOnPostgres('bulk', 2);

    test('50 applications for 10 places, decided by the same batch on both instances and by a rival batch: exactly 10 accepted', async () => {
      const vacancyId = await openVacancy(bus, {
        totalPositions: 10,
        days: 11,
        groupLeadersAccepted: false,
      });
      const ids: string[] = [];
      for (let i = 0; i < 50; i += 1) {
        const worker = await registeredWorker(bus, `Radnik ${i}`);
        const res = await client(i).post('/applications/create', { vacancyId }, worker.auth);
        expect(res.status).toBe(201);
        ids.push(res.body.id as string);
      }
      const admin = await testToken('Admin');
      const body = { batchId: randomUUID(), decision: 'accept', applicationIds: ids };
      const [one, two, rival] = await Promise.all([
        client(0).post('/admin/applications/decisions', body, admin.auth),
        client(1).post('/admin/applications/decisions', body, admin.auth),
        client(1).post(
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
