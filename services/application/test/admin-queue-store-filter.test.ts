import type { DocumentStore } from '@moba/platform';
import { countingStore } from '@moba/platform/testing';
import { onEachStore } from '../../../libs/platform/test/fixtures/postgres';
import { guestBody, startApplication, type TestApp } from './helpers';

type Pending = { id: string; vacancy: { id: string; municipality: string; startDate: string } | null };

function pendingListOn(storeName: string, openStore: () => Promise<DocumentStore>) {
  let t: TestApp;
  let counting: ReturnType<typeof countingStore>;
  let countingGuests: ReturnType<typeof countingStore>;
  let admin: Awaited<ReturnType<TestApp['admin']>>;

  beforeAll(async () => {
    counting = countingStore(await openStore(), 'applications');
    countingGuests = countingStore(counting.store, 'guest_applications');
    t = await startApplication({ store: countingGuests.store });
    admin = await t.admin();
    const mobas = [
      await t.vacancy({ municipality: 'Arilje', crops: ['malina'], startDate: t.daysAfterToday(20) }),
      await t.vacancy({ municipality: 'Subotica', crops: ['jabuka'], startDate: t.daysAfterToday(40) }),
      await t.vacancy({ municipality: 'Subotica', crops: ['malina'], startDate: t.daysAfterToday(60) }),
    ];
    for (const [i, { vacancyId }] of mobas.entries())
      for (let n = 0; n <= i; n++) expect((await t.apply(await t.worker(), vacancyId)).status).toBe(201);
    for (const firstName of ['Ana', 'Bojan', 'Vera', 'Goran', 'Dara'])
      expect((await t.client.post('/signup-guest', guestBody({ firstName }))).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await counting.store.close();
  });

  const pending = async (filter: Record<string, unknown>) => {
    const res = await t.client.post('/admin/applications/pending', filter, admin.auth);
    expect(res.status).toBe(200);
    return res.body.items as Pending[];
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
        const { answer: filtered, fewest } = await fewestReads(counting.read, () => pending(filter));
        expect(filtered).toEqual(everything.filter((item) => item.vacancy && keeps(item.vacancy)));
        expect(filtered.length).toBeLessThan(everything.length);
        expect(fewest).toBe(filtered.length);
      },
    );
  });

  describe(`the pending lists are read from the ${storeName} store a page at a time`, () => {
    const pageOf = async (path: string, body: Record<string, unknown>) => {
      const res = await t.client.post(path, body, admin.auth);
      expect(res.status).toBe(200);
      return res.body as { items: { id: string }[]; total: number; page: number; pageSize: number };
    };

    test('a page of the worker queue reads only its applications; the total counts the whole queue', async () => {
      const everything = await pending({});
      const { answer, fewest } = await fewestReads(counting.read, () =>
        pageOf('/admin/applications/pending', { page: 2, pageSize: 2 }),
      );
      expect(answer).toEqual({
        items: everything.slice(2, 4),
        total: everything.length,
        page: 2,
        pageSize: 2,
      });
      expect(fewest).toBe(2);
    });

    test('a page of the guest applications reads only its guests, the longest waiting first', async () => {
      const everything = await pageOf('/admin/applications/guest/pending', {});
      expect(everything.items.map((g) => (g as { firstName?: string }).firstName)).toEqual([
        'Ana',
        'Bojan',
        'Vera',
        'Goran',
        'Dara',
      ]);
      const { answer, fewest } = await fewestReads(countingGuests.read, () =>
        pageOf('/admin/applications/guest/pending', { page: 2, pageSize: 2 }),
      );
      expect(answer).toEqual({ items: everything.items.slice(2, 4), total: 5, page: 2, pageSize: 2 });
      expect(fewest).toBe(2);
    });

    test.each([
      ['/admin/applications/pending', { pageSize: 101 }, 'pageSize'],
      ['/admin/applications/pending', { page: 0 }, 'page'],
      ['/admin/applications/guest/pending', { pageSize: 0 }, 'pageSize'],
      ['/admin/applications/guest/pending', { page: 'two' }, 'page'],
    ])('%s with %j answers 400 naming the field', async (path, body, field) => {
      const res = await t.client.post(path, body, admin.auth);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field })]);
    });
  });
}

/** The fewest documents `read` counted over three calls of `call` (background work may read meanwhile). */
async function fewestReads<T>(
  read: { docs: number },
  call: () => Promise<T>,
): Promise<{ answer: T; fewest: number }> {
  let answer: T | undefined;
  let fewest = Infinity;
  for (let n = 0; n < 3; n++) {
    read.docs = 0;
    answer = await call();
    fewest = Math.min(fewest, read.docs);
  }
  return { answer: answer as T, fewest };
}

onEachStore('pending list', 'application', pendingListOn);
