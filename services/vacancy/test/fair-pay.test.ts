import { legalMinimumDailyWage } from '@moba/contracts';
import { cropMedian, medianOf, windowStart, type WageSample } from '../src/fair-pay/fair-pay';
import { createFairPayReadModel } from '../src/fair-pay/fair-pay-read-model';
import { storedWageRows } from '../src/fair-pay/follow-wages';
import { envelope, startVacancy, type VacancyHarness } from './helpers';

const sample = (n: number, over: Partial<WageSample> = {}): WageSample => ({
  vacancyId: `v${n}`,
  crops: ['malina'],
  district: 'Zlatiborski',
  dailyWage: 3000,
  day: '2026-06-01',
  ...over,
});

describe('fair-pay rules', () => {
  it('take the median of whole amounts, the middle two averaged for an even count', () => {
    expect(medianOf([3000, 1000, 2000])).toBe(2000);
    expect(medianOf([1000, 2000, 3001, 4000])).toBe(2501);
  });

  it('look back 12 months from today', () => {
    expect(windowStart('2026-07-15')).toBe('2025-07-15');
    const old = sample(1, { day: '2025-07-15' });
    const inside = [2, 3, 4, 5, 6].map((n) => sample(n, { day: '2025-07-16' }));
    expect(cropMedian([old, ...inside], 'malina', undefined, '2026-07-15')).toMatchObject({ mobas: 5 });
    expect(cropMedian([old, ...inside.slice(1)], 'malina', undefined, '2026-07-15')).toBeUndefined();
  });

  it('show a median only from 5 mobas up, of the district when it has 5 there', () => {
    const today = '2026-07-01';
    const four = [1, 2, 3, 4].map((n) => sample(n, { dailyWage: 3000 + n }));
    expect(cropMedian(four, 'malina', 'Zlatiborski', today)).toBeUndefined();
    const elsewhere = [5, 6].map((n) => sample(n, { district: 'Nišavski', dailyWage: 5000 }));
    // 6 in all, 4 in the district: the median of all
    expect(cropMedian([...four, ...elsewhere], 'malina', 'Zlatiborski', today)).toEqual({
      dailyWage: 3004,
      mobas: 6,
      crop: 'malina',
    });
    const fifth = sample(7, { dailyWage: 3005 });
    expect(cropMedian([...four, fifth, ...elsewhere], 'malina', 'Zlatiborski', today)).toEqual({
      dailyWage: 3003,
      mobas: 5,
      crop: 'malina',
      district: 'Zlatiborski',
    });
  });

  it('an event-fed model ignores repeats and a publication heard again after its deletion', () => {
    const model = createFairPayReadModel();
    const published = (n: number) => ({
      vacancyId: `v${n}`,
      paymentType: 'DailyWage',
      dailyWage: 3000 + n,
      crops: ['malina'],
      createdAt: '2026-06-01T08:00:00.000Z',
    });
    for (const n of [1, 2, 3]) model.published(published(n));
    model.published(published(2));
    model.deleted('v3');
    model.published(published(3));
    model.published({ ...published(4), paymentType: 'Norm' });
    expect(model.snapshot().map((s) => s.vacancyId)).toEqual(['v1', 'v2']);
  });

  it('counts a moba held for review only once approved, a rejected one never, in any order of events', () => {
    const published = (n: number, status: string) => ({
      vacancyId: `v${n}`,
      paymentType: 'DailyWage',
      dailyWage: 2000 + n,
      crops: ['malina'],
      createdAt: '2026-06-01T08:00:00.000Z',
      status,
    });
    const events: ((m: ReturnType<typeof createFairPayReadModel>) => void)[] = [
      (m) => m.published(published(1, 'Open')),
      (m) => m.published(published(2, 'Review')),
      (m) => m.published(published(3, 'Review')),
      (m) => m.published(published(4, 'Review')),
      (m) => m.reviewed('v2', 'approved'),
      (m) => m.reviewed('v3', 'rejected'),
      (m) => m.reviewed('v1', 'hidden'),
    ];
    const orders = [events, [...events].reverse(), [events[4], events[5], ...events, events[1]]];
    for (const order of orders) {
      const model = createFairPayReadModel();
      for (const apply of order) apply(model);
      expect(model.snapshot().map((s) => s.vacancyId)).toEqual(['v1', 'v2']);
    }
    const recounted = createFairPayReadModel();
    recounted.recount([
      { ...published(1, 'Open') },
      { ...published(2, 'Open'), review: { state: 'approved' } },
      { ...published(3, 'Closed'), review: { state: 'rejected' } },
      { ...published(4, 'Review'), review: { state: 'held' } },
    ]);
    expect(recounted.snapshot().map((s) => s.vacancyId)).toEqual(['v1', 'v2']);
  });
});

describe('fair pay on browse cards (vacancy service)', () => {
  let h: VacancyHarness;
  beforeAll(async () => {
    h = await startVacancy();
  });
  afterAll(() => h.stop());

  type Card = { id: string; dailyWage?: number; fairPay?: Record<string, unknown> };
  const card = async (id: string): Promise<Card> => {
    const res = await h.client.post('/workers/vacancies/open', { pageSize: 100 }, h.worker.auth);
    return (res.body.items as Card[]).find((v) => v.id === id)!;
  };
  /** The model hears the events a moment after the answer (through the outbox). */
  const settled = () => h.service.context.relay.flush();

  it('shows the legal minimum for the hours and whether the wage reaches it, on daily wages only', async () => {
    // (a wage below the minimum is held for the admin's review, so browse shows only those that reach it)
    const estate = await h.estate();
    const low = await h.create(estate.auth, { crops: ['kupina'], dailyWage: 4000 });
    const norm = await h.create(estate.auth, {
      crops: ['kupina'],
      paymentType: 'Norm',
      dailyWage: undefined,
      norm: '10 kg',
      normPrice: 50,
    });
    await settled();
    const c = await card(low);
    const hours = (await h.client.get('/estates/vacancies/all', estate.auth)).body.find(
      (v: { id: string }) => v.id === low,
    ) as { hoursPerDay: number; startDate: string };
    expect(c.fairPay).toEqual({
      legalMinimum: legalMinimumDailyWage(hours.hoursPerDay, hours.startDate),
      meetsLegalMinimum: true,
    });
    expect((await card(norm)).fairPay).toBeUndefined();
  });

  it('adds the median of the crop from the fifth moba, then of the district when it has five', async () => {
    const estate = await h.estate();
    const make = (municipality: string, dailyWage: number) =>
      h.create(estate.auth, { municipality, crops: ['aronija'], dailyWage });
    const first = [await make('Arilje', 3400), await make('Niš', 5000), await make('Niš', 5200)];
    first.push(await make('Arilje', 3500));
    await settled();
    expect((await card(first[0])).fairPay).not.toHaveProperty('median');
    first.push(await make('Arilje', 3600));
    await settled();
    expect((await card(first[0])).fairPay!.median).toEqual({ dailyWage: 3600, mobas: 5, crop: 'aronija' });
    await make('Požega', 3700); // Zlatiborski too
    await make('Arilje', 3800);
    await settled();
    expect((await card(first[0])).fairPay!.median).toEqual({
      dailyWage: 3600,
      mobas: 5,
      crop: 'aronija',
      district: 'Zlatiborski',
    });
    // Niš (Nišavski) has only two: it sees the median of all seven
    expect((await card(first[1])).fairPay!.median).toEqual({ dailyWage: 3700, mobas: 7, crop: 'aronija' });
  });

  it('equals a recount of the store after publications, deletions and repeated events', async () => {
    const estate = await h.estate();
    const made: string[] = [];
    for (let i = 0; i < 6; i++)
      made.push(await h.create(estate.auth, { crops: ['dunja'], dailyWage: 4000 + i * 100 }));
    await h.client.delete(`/estates/vacancies/${made[0]}`, estate.auth);
    await h.client.delete(`/estates/vacancies/${made[1]}`, estate.auth);
    await settled();
    // every event of the run again, in order, as a redelivering bus would
    for (const event of [...h.published]) await h.deliver('vacancy.v1', event);
    // and a stray publication of a deleted moba heard late
    const created = h.published.find((e) => e.type === 'VacancyCreated' && e.key === made[0])!;
    await h.deliver(
      'vacancy.v1',
      envelope('VacancyCreated', made[0], created.data as Record<string, unknown>),
    );

    const recount = createFairPayReadModel();
    recount.recount(storedWageRows(await h.service.context.store.vacancies.find({})));
    expect(h.service.context.fairPay.snapshot()).toEqual(recount.snapshot());
    expect(h.service.context.fairPay.snapshot().map((s) => s.vacancyId)).not.toContain(made[0]);
    expect(h.service.context.fairPay.median('dunja', undefined, h.today())).toBeUndefined(); // 4 left
  });
});
