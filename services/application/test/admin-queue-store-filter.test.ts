import { createNedbStore, type DocumentStore } from '@moba/platform';
import { countingStore } from '@moba/platform/testing';
import { createPostgresStore } from '../../../libs/platform/src/store/postgres-store';
import {
  dropSchemas,
  freshSchemaPrefix,
  whenPostgres,
  withSchema,
} from '../../../libs/platform/test/fixtures/postgres';
import { startApplication, type TestApp } from './helpers';

type Pending = { id: string; vacancy: { id: string; municipality: string; startDate: string } | null };

function pendingListOn(storeName: string, openStore: () => Promise<DocumentStore>) {
  let t: TestApp;
  let counting: ReturnType<typeof countingStore>;
  let admin: Awaited<ReturnType<TestApp['admin']>>;

  beforeAll(async () => {
    counting = countingStore(await openStore(), 'applications');
    t = await startApplication({ store: counting.store });
    admin = await t.admin();
    const mobas = [
      await t.vacancy({ municipality: 'Arilje', crops: ['malina'], startDate: t.daysAfterToday(20) }),
      await t.vacancy({ municipality: 'Subotica', crops: ['jabuka'], startDate: t.daysAfterToday(40) }),
      await t.vacancy({ municipality: 'Subotica', crops: ['malina'], startDate: t.daysAfterToday(60) }),
    ];
    for (const [i, { vacancyId }] of mobas.entries())
      for (let n = 0; n <= i; n++) expect((await t.apply(await t.worker(), vacancyId)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await counting.store.close();
  });

  const pending = async (filter: Record<string, unknown>) => {
    const res = await t.client.post('/admin/applications/pending', filter, admin.auth);
    expect(res.status).toBe(200);
    return res.body as Pending[];
  };

  describe(`POST /admin/applications/pending filters the mobas in the ${storeName} store`, () => {
    it.each<[string, Record<string, unknown>, (v: NonNullable<Pending['vacancy']>) => boolean]>([
      ['a municipality', { municipality: 'Subotica' }, (v) => v.municipality === 'Subotica'],
      [
        'a crop',
        { crop: 'malina' },
        (v) => v.municipality === 'Arilje' || v.startDate === t.daysAfterToday(60),
      ],
      ['start dates', { startFrom: '2000-01-01', startTo: '2000-01-01' }, () => false],
      [
        'a municipality and start dates',
        { municipality: 'Subotica', startTo: '2999-01-01' },
        (v) => v.municipality === 'Subotica',
      ],
    ])(
      'by %s: reads only the matching applications and answers as the whole queue filtered',
      async (_n, filter, keeps) => {
        const everything = await pending({});
        // The service's own background work (the places reconciliation at start) may read
        // applications during a call: the fewest read over a few calls is the call's own.
        let filtered: Pending[] = [];
        let fewest = Infinity;
        for (let call = 0; call < 3; call++) {
          counting.read.docs = 0;
          filtered = await pending(filter);
          fewest = Math.min(fewest, counting.read.docs);
        }
        expect(filtered).toEqual(everything.filter((item) => item.vacancy && keeps(item.vacancy)));
        expect(filtered.length).toBeLessThan(everything.length);
        expect(fewest).toBe(filtered.length);
      },
    );
  });
}

pendingListOn('memory', async () => createNedbStore());

whenPostgres('on PostgreSQL', () => {
  const prefix = freshSchemaPrefix('pendinglist');
  afterAll(() => dropSchemas(prefix));
  pendingListOn('PostgreSQL', () => createPostgresStore(withSchema(prefix), 'application'));
});
