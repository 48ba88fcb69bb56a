import { testToken } from '@moba/platform/testing';
import { addDays, startVacancy, variedMobas, type VacancyHarness } from './helpers';

let h: VacancyHarness;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startVacancy();
  // In the apple and maize harvest (their harvest months): these harvests open at once (not held).
  h.deps.clock.set(new Date('2026-09-07T08:00:00Z'));
  const t = h.today();
  // one estate per vacancy so each sponsored one is a free (featured) first vacancy when asked
  const make = async (name: string, overrides: Record<string, unknown>) => {
    const estate = await h.estate(`Imanje ${name}`);
    ids[name] = await h.create(estate.auth, overrides);
  };
  for (const [name, overrides] of Object.entries(variedMobas(t))) await make(name, overrides);
});
afterAll(() => h.stop());

const browse = async (
  filters: Record<string, unknown> = {},
  auth = h.worker.auth,
  path = '/workers/vacancies/open',
) => {
  const res = await h.client.post(path, { pageSize: 100, ...filters }, auth);
  expect(res.status).toBe(200);
  return res.body as {
    items: { id: string; [k: string]: unknown }[];
    total: number;
    page: number;
    pageSize: number;
  };
};
const names = (page: { items: { id: string }[] }) =>
  page.items.map((v) => Object.keys(ids).find((k) => ids[k] === v.id)).sort();

describe('POST /workers/vacancies/open', () => {
  it('lists open vacancies featured first, then newest, with free and total positions', async () => {
    const page = await browse();
    expect(page.total).toBe(6);
    expect(page.items[0].id).toBe(ids.featured);
    expect(page.items.slice(1).map((v) => v.id)).toEqual([
      ids.bitola,
      ids.subotica,
      ids.surcin,
      ids.nis,
      ids.arilje,
    ]);
    expect(page.items[0]).toMatchObject({
      freePositions: 5,
      totalPositions: 5,
      featured: true,
      status: 'Open',
    });
  });

  it('answers an empty body as no filters, page 1', async () => {
    const res = await h.client.post('/workers/vacancies/open', undefined, h.worker.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 6, page: 1, pageSize: 20 });
  });

  it.each([
    ['municipality', { municipality: 'Arilje' }, ['arilje', 'featured']],
    ['several municipalities', { municipalities: ['Niš', 'Surčin'] }, ['nis', 'surcin']],
    ['district', { district: 'Nišavski' }, ['nis']],
    ['region', { region: 'MK' }, ['bitola']],
    ['crop', { crop: 'jabuka' }, ['nis']],
    [
      'job activity',
      { jobActivity: 'berba-branje' },
      ['arilje', 'bitola', 'featured', 'nis', 'subotica', 'surcin'],
    ],
    ['payment type', { paymentType: 'Norm' }, ['nis']],
    ['minimum daily wage', { minDailyWage: 5000 }, ['arilje', 'subotica']],
    ['food provided', { foodProvided: true }, ['arilje', 'bitola', 'featured', 'subotica', 'surcin']],
    ['transport provided', { transportProvided: true }, ['subotica']],
    ['accommodation provided', { accommodationProvided: true }, ['surcin']],
    ['group leaders accepted', { groupLeadersAccepted: false }, ['subotica']],
    [
      'only with free positions',
      { onlyWithFreePositions: true },
      ['arilje', 'bitola', 'featured', 'nis', 'subotica', 'surcin'],
    ],
  ])('filters by %s', async (_label, filters, expected) => {
    expect(names(await browse(filters))).toEqual(expected);
  });

  it('filters by a date range overlapping the working period', async () => {
    const t = h.today();
    expect(names(await browse({ dateFrom: addDays(t, 15), dateTo: addDays(t, 25) }))).toEqual(['subotica']);
    expect(names(await browse({ dateTo: addDays(t, 5) }))).not.toContain('subotica');
  });

  it('pages with a total', async () => {
    const first = await browse({ page: 1, pageSize: 4 });
    const second = await browse({ page: 2, pageSize: 4 });
    expect([first.total, first.items.length, second.items.length]).toEqual([6, 4, 2]);
    expect(new Set([...first.items, ...second.items].map((v) => v.id)).size).toBe(6);
  });

  it('answers 400 naming the field for bad filters', async () => {
    const res = await h.client.post(
      '/workers/vacancies/open',
      { paymentType: 'Barter', page: 0, dateFrom: '2026-13-01' },
      h.worker.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'dateFrom',
      'page',
      'paymentType',
    ]);
  });

  it('answers a repeat request with 304 when nothing changed, and a new ETag after a change', async () => {
    const first = await h.client.post('/workers/vacancies/open', { municipality: 'Arilje' }, h.worker.auth);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await h.client.post(
      '/workers/vacancies/open',
      { municipality: 'Arilje' },
      { ...h.worker.auth, 'if-none-match': etag },
    );
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await h.estate();
    await h.create(other.auth, { municipality: 'Arilje' });
    const changed = await h.client.post(
      '/workers/vacancies/open',
      { municipality: 'Arilje' },
      { ...h.worker.auth, 'if-none-match': etag },
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.total).toBe(3);
  });
});

describe('the admin lists', () => {
  it('POST /admin/vacancies/open lists the open ones with the same filters', async () => {
    expect(names(await browse({ crop: 'jabuka' }, h.admin.auth, '/admin/vacancies/open'))).toEqual(['nis']);
  });

  it('POST /admin/vacancies/all lists every status, filterable by status, without deleted ones', async () => {
    const estate = await h.estate();
    const pendingId = (await h.create(estate.auth), await h.create(estate.auth, { sponsored: true }));
    const gone = await h.create(estate.auth);
    expect((await h.client.delete(`/estates/vacancies/${gone}`, estate.auth)).status).toBe(200);
    const all = await browse({}, h.admin.auth, '/admin/vacancies/all');
    expect(all.items.map((v) => v.id)).toContain(pendingId);
    expect(all.items.map((v) => v.id)).not.toContain(gone);
    const pending = await browse({ status: 'Pending' }, h.admin.auth, '/admin/vacancies/all');
    expect(pending.items.map((v) => v.id)).toEqual([pendingId]);
    expect(await browse({}, h.worker.auth)).not.toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: pendingId })]),
    });
  });
});

describe('GET /estates/vacancies/all and DELETE /estates/vacancies/:id', () => {
  it('lists only the estate’s own vacancies, active and past, newest first', async () => {
    const estate = await h.estate();
    const a = await h.create(estate.auth, { startDate: h.today(), endDate: h.today() });
    const b = await h.create(estate.auth);
    const own = (await h.client.get('/estates/vacancies/all', estate.auth)).body as { id: string }[];
    expect(own.map((v) => v.id)).toEqual([b, a]);
  });

  it('deletes its own vacancy, publishes VacancyDeleted and drops it from every list', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const res = await h.client.delete(`/estates/vacancies/${id}`, estate.auth);
    expect(res.status).toBe(200);
    expect((await h.eventsOf('VacancyDeleted', id))[0].data).toMatchObject({
      vacancyId: id,
      estateId: estate.id,
    });
    expect((await h.client.get('/estates/vacancies/all', estate.auth)).body).toEqual([]);
    expect((await browse()).items.map((v) => v.id)).not.toContain(id);
    expect((await h.client.delete(`/estates/vacancies/${id}`, estate.auth)).status).toBe(404);
  });

  it('refuses to delete a finished vacancy', async () => {
    const estate = await h.estate();
    const other = await startVacancy();
    try {
      const e = await other.estate();
      const id = await other.create(e.auth, { startDate: other.today(), endDate: other.today() });
      other.deps.clock.advance(2 * 86_400_000);
      await other.service.runStatusJob();
      const res = await other.client.delete(`/estates/vacancies/${id}`, e.auth);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('VACANCY.FINISHED');
    } finally {
      await other.stop();
    }
    void estate;
  });
});

describe('the public preview of open mobas (GET /vacancies/preview)', () => {
  test('answers a visitor and every role alike: at most three open mobas with free places, featured first, public fields only', async () => {
    const estate = await testToken('Estate');
    const answers = await Promise.all(
      [undefined, h.worker.auth, estate.auth, h.admin.auth].map((auth) =>
        h.client.get('/vacancies/preview', auth),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(answers[0]!.body);
    }
    const { items, total } = answers[0]!.body as { items: Record<string, unknown>[]; total: number };
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(3);
    expect(total).toBeGreaterThanOrEqual(items.length);
    expect(items[0]!.id).toBe(ids.featured);
    for (const item of items) {
      expect(item.freePositions).toEqual(expect.any(Number));
      expect(item).not.toHaveProperty('estateName');
      expect(item).not.toHaveProperty('estateId');
      expect(item).not.toHaveProperty('description');
    }
  });
});
