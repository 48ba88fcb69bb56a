import { randomUUID } from 'node:crypto';
import { calendarDay } from '@moba/contracts';
import {
  guestBody,
  startApplication,
  startApplicationWithAdmin,
  type AdminSession,
  type TestApp,
} from './helpers';
import { monthsBetween, percentile, proximityOf } from '../src/domain/queue';

let t: TestApp;
let admin: AdminSession;
beforeAll(async () => ({ t, admin } = await startApplicationWithAdmin()));
afterAll(() => t.stop());

const pending = (filter: Record<string, unknown>) =>
  t.client.post('/admin/applications/pending', filter, admin.auth);
const queue = (filter: Record<string, unknown>) =>
  t.client.post('/admin/applications/queue', filter, admin.auth);

describe('domain rules of the queue (unit)', () => {
  test('a moba runs in the months from its start to its end, across a new year', () => {
    expect(monthsBetween('2027-06-20', '2027-08-05')).toEqual([6, 7, 8]);
    expect(monthsBetween('2027-12-20', '2028-01-10')).toEqual([12, 1]);
  });
  test('proximity: same municipality, then district, then country', () => {
    expect(proximityOf('Arilje', 'Arilje')).toBe('municipality');
    expect(proximityOf('Požega', 'Arilje')).toBe('district'); // both Zlatiborski
    expect(proximityOf('Subotica', 'Arilje')).toBe('region');
    expect(proximityOf('Budva', 'Arilje')).toBe('elsewhere');
    expect(proximityOf(null, 'Arilje')).toBe('elsewhere');
  });
  test('percentiles by nearest rank', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
  });
});

describe('the filtered queue and its health', () => {
  test('filters by municipality, district, start dates and crop, and sorts by waiting time', async () => {
    const start = t.daysAfterToday(40);
    const raspberry = await t.vacancy({ municipality: 'Arilje', crops: ['malina'], startDate: start });
    const grape = await t.vacancy({
      municipality: 'Smederevo',
      crops: ['grozdje-vinova-loza'],
      startDate: t.daysAfterToday(50),
    });
    const first = (await t.apply(await t.worker(), raspberry.vacancyId)).body.id as string;
    t.deps.clock.advance(60_000);
    const second = (await t.apply(await t.worker(), raspberry.vacancyId)).body.id as string;
    const grapeApp = (await t.apply(await t.worker(), grape.vacancyId)).body.id as string;

    const ids = async (filter: Record<string, unknown>) =>
      ((await pending({ pageSize: 100, ...filter })).body.items as { id: string }[])
        .map((a) => a.id)
        .filter((id) => [first, second, grapeApp].includes(id));
    expect(await ids({ municipality: 'arilje' })).toEqual([first, second]);
    expect(await ids({ municipality: 'Arilje', sort: 'newest' })).toEqual([second, first]);
    expect(await ids({ district: 'Podunavski' })).toEqual([grapeApp]);
    expect(await ids({ crop: 'malina' })).toEqual([first, second]);
    expect(await ids({ startFrom: start, startTo: start })).toEqual([first, second]);
    expect(await ids({})).toEqual([first, second, grapeApp]);
  });

  test('queue health: how many wait, the oldest wait, per moba free against waiting, and tomorrow’s unfilled moba marked', async () => {
    const tomorrow = await t.vacancy({
      positions: 3,
      startDate: t.daysAfterToday(1),
      municipality: 'Ivanjica',
    });
    const later = await t.vacancy({
      positions: 5,
      startDate: t.daysAfterToday(20),
      municipality: 'Ivanjica',
    });
    await t.apply(await t.worker(), later.vacancyId);
    t.deps.clock.advance(30 * 60_000);
    await t.apply(await t.worker(), tomorrow.vacancyId);
    await t.apply(await t.worker({ groupLeader: true, groupSize: 5 }), tomorrow.vacancyId, 1);
    const res = await queue({ municipality: 'Ivanjica' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ waiting: 3, oldestWaitingMinutes: 30, urgentVacancies: 1 });
    expect(res.body.vacancies).toEqual([
      expect.objectContaining({
        id: tomorrow.vacancyId,
        urgent: true,
        waiting: 2,
        waitingPositions: 3,
        freePositions: 3,
      }),
      expect.objectContaining({
        id: later.vacancyId,
        urgent: false,
        waiting: 1,
        waitingPositions: 1,
        freePositions: 5,
      }),
    ]);
  });

  test.each([
    ['an unknown municipality', { municipality: 'Atlantida' }, 'municipality', 'unknown_municipality'],
    ['an unknown crop', { crop: 'bananas' }, 'crop', 'unknown_crop'],
    ['a sort that does not exist', { sort: 'random' }, 'sort', 'invalid_option'],
    ['reversed dates', { startFrom: '2027-07-10', startTo: '2027-07-01' }, 'startTo', 'end_before_start'],
  ])('a filter with %s answers 400 naming the field', async (_n, filter, field, code) => {
    for (const res of [await pending(filter), await queue(filter)]) {
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field, code })]);
    }
  });
});

describe('matching help', () => {
  test('workers available in the moba’s months who have not applied, the nearest first', async () => {
    const { vacancyId } = await t.vacancy({
      municipality: 'Arilje',
      startDate: t.daysAfterToday(30),
      endDate: t.daysAfterToday(35),
    });
    const month = Number(t.daysAfterToday(30).slice(5, 7));
    const other = month === 1 ? 2 : month - 1;
    const near = await t.worker({
      municipality: 'Arilje',
      availabilityMonths: [month],
      fullName: 'Ana Blizu',
    });
    const district = await t.worker({
      municipality: 'Požega',
      availabilityMonths: [month],
      fullName: 'Bora Okrug',
    });
    const far = await t.worker({
      municipality: 'Subotica',
      availabilityMonths: [month],
      fullName: 'Ceca Daleko',
    });
    const busy = await t.worker({ municipality: 'Arilje', availabilityMonths: [other] });
    const applied = await t.worker({ municipality: 'Arilje', availabilityMonths: [month] });
    await t.apply(applied, vacancyId);

    const res = await t.client.get(`/admin/vacancies/${vacancyId}/matches`, admin.auth);
    expect(res.status).toBe(200);
    const ids = (res.body.workers as { workerId: string }[]).map((w) => w.workerId);
    expect(ids.filter((id) => [near.id, district.id, far.id].includes(id))).toEqual([
      near.id,
      district.id,
      far.id,
    ]);
    expect(ids).not.toContain(busy.id);
    expect(ids).not.toContain(applied.id);
    expect(res.body.workers[ids.indexOf(district.id)]).toMatchObject({
      proximity: 'district',
      district: 'Zlatiborski',
      availabilityMonths: [month],
    });
    expect((await t.client.get(`/admin/vacancies/${randomUUID()}/matches`, admin.auth)).status).toBe(404);
  });

  test('nearest is by distance between municipality seats, not by district lines', async () => {
    const { vacancyId } = await t.vacancy({
      municipality: 'Arilje',
      startDate: t.daysAfterToday(30),
      endDate: t.daysAfterToday(35),
    });
    const month = Number(t.daysAfterToday(30).slice(5, 7));
    // Prijepolje shares Arilje's district but lies about twice as far as Čačak, which does not.
    const sameDistrictFar = await t.worker({ municipality: 'Prijepolje', availabilityMonths: [month] });
    const otherDistrictNear = await t.worker({ municipality: 'Čačak', availabilityMonths: [month] });
    const res = await t.client.get(`/admin/vacancies/${vacancyId}/matches`, admin.auth);
    const workers = res.body.workers as { workerId: string; distanceKm: number | null }[];
    const ids = workers.map((w) => w.workerId);
    expect(ids.indexOf(otherDistrictNear.id)).toBeLessThan(ids.indexOf(sameDistrictFar.id));
    const km = (id: string) => workers.find((w) => w.workerId === id)!.distanceKm!;
    expect(km(otherDistrictNear.id)).toBeGreaterThan(20);
    expect(km(otherDistrictNear.id)).toBeLessThan(km(sameDistrictFar.id));
  });

  test('a guest’s best-fitting open mobas: the nearest with a free place first, never a full or closed one', async () => {
    const guestId = (await t.client.post('/signup-guest', guestBody({ municipality: 'Lučani' }))).body
      .id as string;
    const nearby = await t.vacancy({ municipality: 'Lučani', startDate: t.daysAfterToday(9) });
    const sameDistrict = await t.vacancy({ municipality: 'Čačak', startDate: t.daysAfterToday(3) });
    const full = await t.vacancy({ municipality: 'Lučani', positions: 1 });
    await t.client.post(
      `/admin/applications/${(await t.apply(await t.worker(), full.vacancyId)).body.id}/accept`,
      {},
      admin.auth,
    );
    const closed = await t.vacancy({ municipality: 'Lučani', status: 'Closed' });

    const res = await t.client.get(`/admin/applications/guest/${guestId}/matches`, admin.auth);
    expect(res.status).toBe(200);
    const ids = (res.body as { id: string }[]).map((v) => v.id);
    expect(ids.indexOf(nearby.vacancyId)).toBeLessThan(ids.indexOf(sameDistrict.vacancyId));
    expect(ids).not.toContain(full.vacancyId);
    expect(ids).not.toContain(closed.vacancyId);
    expect(res.body[0]).toMatchObject({ proximity: 'municipality' });

    // Placed from the list through the usual guest acceptance; the moba then leaves the guest's list.
    await t.client.post(
      `/admin/applications/guest/${guestId}/accept`,
      { vacancyId: nearby.vacancyId },
      admin.auth,
    );
    const after = await t.client.get(`/admin/applications/guest/${guestId}/matches`, admin.auth);
    expect((after.body as { id: string }[]).map((v) => v.id)).not.toContain(nearby.vacancyId);
  });
});

describe('per-day statistics', () => {
  test('applications, accepted and the waiting time p50/p90 per day of the range', async () => {
    const fresh = await startApplication();
    try {
      // 09:00 UTC, mid-morning in Belgrade: the half hour below stays in one day whenever this runs.
      const now = fresh.deps.clock.now();
      const morning = new Date(now);
      morning.setUTCHours(9, 0, 0, 0);
      if (morning <= now) morning.setUTCDate(morning.getUTCDate() + 1);
      fresh.deps.clock.advance(morning.getTime() - now.getTime());
      const freshAdmin = await fresh.admin();
      const day1 = calendarDay(fresh.deps.clock.now());
      const { vacancyId } = await fresh.vacancy({ positions: 10 });
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await fresh.apply(await fresh.worker(), vacancyId)).body.id);
      fresh.deps.clock.advance(10 * 60_000);
      await fresh.client.post(`/admin/applications/${ids[0]}/accept`, {}, freshAdmin.auth);
      fresh.deps.clock.advance(20 * 60_000);
      await fresh.client.post(`/admin/applications/${ids[1]}/reject`, {}, freshAdmin.auth);
      fresh.deps.clock.advance(86_400_000);
      const day2 = calendarDay(fresh.deps.clock.now());
      await fresh.client.post(`/admin/applications/${ids[2]}/accept`, {}, freshAdmin.auth);

      const res = await fresh.client.get(`/admin/stats/daily?from=${day1}&to=${day2}`, freshAdmin.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        from: day1,
        to: day2,
        days: [
          { date: day1, applications: 3, accepted: 1, decided: 2, waitP50Minutes: 10, waitP90Minutes: 30 },
          {
            date: day2,
            applications: 0,
            accepted: 1,
            decided: 1,
            waitP50Minutes: 1470,
            waitP90Minutes: 1470,
          },
        ],
      });
      const bad = await fresh.client.get(`/admin/stats/daily?from=${day2}&to=${day1}`, freshAdmin.auth);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual([
        expect.objectContaining({ field: 'to', code: 'end_before_start' }),
      ]);
      const tooLong = await fresh.client.get(
        '/admin/stats/daily?from=2026-01-01&to=2027-06-01',
        freshAdmin.auth,
      );
      expect(tooLong.body.error.details).toEqual([
        expect.objectContaining({ field: 'to', code: 'too_many_days' }),
      ]);
    } finally {
      await fresh.stop();
    }
  });
});
