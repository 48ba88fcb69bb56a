import { topics } from '@moba/contracts';
import type { DocumentStore } from '@moba/platform';
import { countingStore, testToken } from '@moba/platform/testing';
import { parseFilters, withPlace } from '../src/vacancy-filters';
import {
  compareByDistance,
  compareForBrowse,
  matchesFilters,
  pageOfItems,
  withDistance,
} from '../src/domain/filters';
import { toItem } from '../src/domain/vacancy';
import { onEachStore } from '../../../libs/platform/test/fixtures/postgres';
import { addDays, envelope, startVacancy, variedMobas, type VacancyHarness } from './helpers';

function adminListOn(storeName: string, openStore: () => Promise<DocumentStore>) {
  let h: VacancyHarness;
  let admin: Awaited<ReturnType<typeof testToken>>;
  let counting: ReturnType<typeof countingStore>;

  beforeAll(async () => {
    counting = countingStore(await openStore(), 'vacancies');
    h = await startVacancy({}, counting.store);
    admin = await testToken('Admin');
    // In the apple harvest: these mobas open at once (not held).
    h.deps.clock.set(new Date('2026-09-07T08:00:00Z'));
    const t = h.today();
    const later = () => h.deps.clock.set(new Date(h.deps.clock.now().getTime() + 60_000));
    const kinds = [
      ...Object.values(variedMobas(t)),
      {
        municipality: 'Ivanjica',
        jobActivities: ['rezidba-orezivanje'],
        startDate: addDays(t, 5),
        endDate: addDays(t, 6),
      },
    ];
    for (let round = 0; round < 2; round++) {
      for (const [i, kind] of kinds.entries()) {
        const estate = await h.estate(`Imanje ${round}-${i}`);
        await h.create(estate.auth, kind);
        // A second sponsored moba of the same estate waits for its payment (Pending).
        if (kind.sponsored) await h.create(estate.auth, kind);
        // Some mobas share their creation time, so the order falls back to the id.
        if (i % 3 === 0) later();
      }
    }
    const [full, gone] = (await h.service.context.store.vacancies.find({}, { limit: 2 })).map((d) => d._id);
    const applicationId = crypto.randomUUID();
    await h.deliver(
      topics.application,
      envelope('ApplicationAccepted', applicationId, {
        applicationId,
        vacancyId: full,
        workerId: crypto.randomUUID(),
        guest: false,
        positions: 5,
        freePositions: 0,
      }),
    );
    const owner = (await h.service.context.store.vacancies.findOne({ _id: gone }))!.estateId;
    const ownerAuth = (await testToken('Estate', { id: owner })).auth;
    expect((await h.client.delete(`/estates/vacancies/${gone}`, ownerAuth)).status).toBe(200);
    // Sixteen mobas made over HTTP: more than the default limit on a loaded machine.
  }, 60_000);
  afterAll(async () => {
    await h.stop();
    await counting.store.close();
  });

  /** What the list answered before it paged in the store: every vacancy read, filtered, sorted and paged here. */
  async function answerReadInFull(body: Record<string, unknown>) {
    const ctx = h.service.context;
    const filters = withPlace(ctx, parseFilters(body));
    const docs = await ctx.store.vacancies.find({
      deletedAt: { $exists: false },
      ...(filters.status ? { status: filters.status } : {}),
    });
    const items = docs
      .map((doc) => withDistance(toItem(doc), filters.near))
      .filter((item) => matchesFilters(item, filters))
      .sort(filters.near && filters.sort !== 'featured' ? compareByDistance : compareForBrowse);
    return { ...pageOfItems(items, filters), ...(filters.near ? { near: filters.near } : {}) };
  }

  const listAll = async (body: Record<string, unknown>) => {
    const res = await h.client.post('/admin/vacancies/all', body, admin.auth);
    expect(res.status).toBe(200);
    return res.body as { items: { id: string }[]; total: number };
  };

  const near = { municipality: 'Arilje' };
  const t = () => h.today();

  describe(`POST /admin/vacancies/all pages in the ${storeName} store`, () => {
    it.each<[string, () => Record<string, unknown>]>([
      ['no filter', () => ({})],
      ['a status', () => ({ status: 'Open' })],
      ['the status Pending', () => ({ status: 'Pending' })],
      ['a municipality', () => ({ municipality: 'Arilje' })],
      ['several municipalities', () => ({ municipalities: ['Niš', 'Surčin', 'Bitola'] })],
      ['a region', () => ({ region: 'MK' })],
      ['a district', () => ({ district: 'Nišavski' })],
      ['a crop', () => ({ crop: 'jabuka' })],
      ['a job activity', () => ({ jobActivity: 'berba-branje' })],
      ['a date range', () => ({ dateFrom: addDays(t(), 7), dateTo: addDays(t(), 25) })],
      ['a payment type', () => ({ paymentType: 'Norm' })],
      ['a minimum daily wage', () => ({ minDailyWage: 4500 })],
      ['a minimum daily wage of 0', () => ({ minDailyWage: 0 })],
      ['a minimum daily wage with another payment type', () => ({ paymentType: 'Norm', minDailyWage: 0 })],
      ['food', () => ({ foodProvided: false })],
      ['transport', () => ({ transportProvided: true })],
      ['accommodation', () => ({ accommodationProvided: true })],
      ['group leaders', () => ({ groupLeadersAccepted: false })],
      ['free positions only', () => ({ onlyWithFreePositions: true })],
      ['verified estates only', () => ({ verifiedOnly: true })],
      ['several filters', () => ({ status: 'Open', crop: 'jabuka', onlyWithFreePositions: true })],
      ['a place (nearest first)', () => ({ near })],
      ['a place, featured first', () => ({ near, sort: 'featured' })],
      ['a place and a distance limit', () => ({ near, withinKm: 100 })],
      ['a distance limit, featured first', () => ({ near, withinKm: 30, sort: 'featured' })],
    ])('answers %s as it did when it read every vacancy, on every page', async (name, filtersOf) => {
      const filters = filtersOf();
      // Each case matches some vacancies and not all, but these two (no estate is verified here).
      const matchesNone = ['verified estates only', 'a minimum daily wage with another payment type'];
      const { total } = await answerReadInFull({ ...filters, pageSize: 1 });
      const all = (await answerReadInFull({ pageSize: 1 })).total;
      if (matchesNone.includes(name)) expect(total).toBe(0);
      else if (Object.keys(filters).length) expect(total).toBeGreaterThan(0);
      if (Object.keys(filters).length && !('near' in filters && !('withinKm' in filters)))
        expect(total).toBeLessThan(all);
      for (const paging of [
        { pageSize: 100 },
        { pageSize: 4 },
        { pageSize: 4, page: 2 },
        { pageSize: 4, page: 6 },
      ]) {
        const body = { ...filters, ...paging };
        expect(await listAll(body)).toEqual(await answerReadInFull(body));
      }
    });

    it('reads from the store only the documents of the page asked for', async () => {
      counting.read.docs = 0;
      const page = await listAll({ pageSize: 3, page: 2 });
      expect(page.items).toHaveLength(3);
      expect(page.total).toBeGreaterThan(10);
      expect(counting.read.docs).toBe(3);
    });

    it('ranking by distance reads a few fields of each match, and whole documents only for the page', async () => {
      counting.read.docs = 0;
      counting.read.fieldRows = 0;
      const page = await listAll({ near, pageSize: 3, page: 2 });
      expect(page.items).toHaveLength(3);
      expect(counting.read.docs).toBe(3);
      expect(counting.read.fieldRows).toBe(page.total);
    });
  });
}

onEachStore('admin vacancy list', 'vacancy', adminListOn);
