import { VacancyReviewChanged, type VacancyItem } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import { startVacancy, validVacancy, type VacancyHarness } from './helpers';

/** Scam-proof listings in the vacancy service: held mobas, worker reports and the admin's decisions. */
let h: VacancyHarness;
beforeAll(async () => {
  h = await startVacancy();
});
afterAll(() => h.stop());

const browseIds = async () => {
  const worker = await testToken('Worker');
  const res = await h.client.post('/workers/vacancies/open', { pageSize: 100 }, worker.auth);
  return (res.body.items as VacancyItem[]).map((v) => v.id);
};
const own = async (auth: Record<string, string>, id: string) =>
  ((await h.client.get('/estates/vacancies/all', auth)).body as VacancyItem[]).find((v) => v.id === id)!;
const queue = async () =>
  (await h.client.post('/admin/vacancies/review', {}, h.admin.auth)).body as VacancyItem[];
const decide = (id: string, decision: string, note = 'provereno telefonom') =>
  h.client.post(`/admin/vacancies/${id}/decide`, { decision, note }, h.admin.auth);

describe('a moba below the legal minimum wage or out of season is held for review', () => {
  test('held: status Review, not in browse, the estate sees why, the admin queue lists it, the estate is told', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { dailyWage: 1500, hoursPerDay: 9 });
    const mine = await own(estate.auth, id);
    expect(mine.status).toBe('Review');
    expect(mine.review).toMatchObject({ state: 'held', hidden: true });
    expect(mine.review!.reasons[0]).toMatchObject({
      code: 'below_minimum_wage',
      dailyWage: 1500,
      minimum: 3339,
    });
    expect(await browseIds()).not.toContain(id);
    expect((await queue()).map((v) => v.id)).toContain(id);
    const [held] = await h.eventsOf('VacancyReviewChanged', id);
    expect(VacancyReviewChanged.is(held!) && held.data).toMatchObject({
      state: 'held',
      reasons: ['below_minimum_wage'],
    });
  });

  test("a held moba keeps the promo's free featuring: created unfeatured, the estate's next published moba takes it", async () => {
    const estate = await h.estate();
    const held = await h.client.post(
      '/estates/vacancies/create',
      validVacancy(h.today(), { dailyWage: 1500, hoursPerDay: 9, sponsored: true }),
      estate.auth,
    );
    expect(held.status).toBe(201);
    expect(held.body).toEqual({ id: held.body.id, featuring: 'none', status: 'Review' });
    expect(await own(estate.auth, held.body.id)).toMatchObject({ featured: false, featuring: 'none' });
    expect(await h.eventsOf('VacancyFeatured', held.body.id)).toEqual([]);
    expect((await h.client.get('/estates/featuring-offer', estate.auth)).body).toMatchObject({
      freeForNew: true,
      freeVacancyId: null,
    });

    const published = await h.client.post(
      '/estates/vacancies/create',
      validVacancy(h.today(), { sponsored: true }),
      estate.auth,
    );
    expect(published.body).toEqual({ id: published.body.id, featuring: 'free', status: 'Open' });
    expect(await own(estate.auth, published.body.id)).toMatchObject({ featured: true, status: 'Open' });
  });

  test('a held moba an admin approves may take the free featuring, once', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { dailyWage: 1500, hoursPerDay: 9, sponsored: true });
    expect((await decide(id, 'approve', 'dnevnica ispravljena telefonom')).status).toBe(200);
    expect((await h.client.get('/estates/featuring-offer', estate.auth)).body).toMatchObject({
      freeForNew: true,
      freeVacancyId: id,
    });
    const featured = await h.client.post(`/estates/vacancies/${id}/feature`, {}, estate.auth);
    expect(featured.body).toEqual({ featured: true, featuring: 'free' });
    expect((await h.client.get('/estates/featuring-offer', estate.auth)).body).toMatchObject({
      freeForNew: false,
      freeVacancyId: null,
    });
    const later = await h.client.post(
      '/estates/vacancies/create',
      validVacancy(h.today(), { sponsored: true }),
      estate.auth,
    );
    expect(later.body.featuring).toBe('paid');
  });

  test('a raspberry harvest in a month it is not harvested is held; approving opens it, with the note', async () => {
    h.deps.clock.set(new Date('2026-11-24T08:00:00Z'));
    const estate = await h.estate();
    const id = await h.create(estate.auth, { crops: ['malina'], jobActivities: ['berba-branje'] });
    expect((await own(estate.auth, id)).review!.reasons.map((r) => r.code)).toEqual(['out_of_season']);
    const res = await decide(id, 'approve', 'malina u plasteniku, provereno');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ vacancyId: id, state: 'approved', status: 'Open' });
    expect(await browseIds()).toContain(id);
    expect((await own(estate.auth, id)).review).toMatchObject({
      state: 'approved',
      note: 'malina u plasteniku, provereno',
    });
    expect((await decide(id, 'approve')).status).toBe(409);
    const audit = h.published.length; // the audit entry travels on audit.v1 (tested in the auth service)
    expect(audit).toBeGreaterThan(0);
  });

  test('rejecting closes it and tells the estate why; a note is required', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { dailyWage: 1000 });
    const noNote = await h.client.post(`/admin/vacancies/${id}/decide`, { decision: 'reject' }, h.admin.auth);
    expect(noNote.status).toBe(400);
    expect(noNote.body.error.details[0].field).toBe('body.note');
    expect((await decide(id, 'reject', 'dnevnica ispod minimalne zarade')).body.status).toBe('Closed');
    const events = await h.eventsOf('VacancyReviewChanged', id);
    expect(events.map((e) => (e.data as { state: string }).state)).toEqual(['held', 'rejected']);
  });
});

describe('worker reports', () => {
  test('once per worker; three reports from confirmed accounts older than a month hide the moba until an admin keeps it', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const workers = await Promise.all(
      Array.from({ length: 3 }, () => h.reporter({ ageDays: 60, emailConfirmed: true })),
    );
    const first = await h.client.post(
      `/workers/vacancies/${id}/report`,
      { reason: 'asks_for_money', text: 'traže uplatu preko telefona' },
      workers[0]!.auth,
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ reported: true, reports: 1 });
    const again = await h.client.post(
      `/workers/vacancies/${id}/report`,
      { reason: 'other' },
      workers[0]!.auth,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('VACANCY.ALREADY_REPORTED');
    expect(await browseIds()).toContain(id);
    await h.client.post(`/workers/vacancies/${id}/report`, { reason: 'fake_listing' }, workers[1]!.auth);
    expect(await browseIds()).toContain(id);
    await h.client.post(`/workers/vacancies/${id}/report`, { reason: 'wrong_information' }, workers[2]!.auth);
    expect(await browseIds()).not.toContain(id);
    const listed = (await queue()).find((v) => v.id === id) as VacancyItem & { reportList: unknown[] };
    expect(listed.review).toMatchObject({ state: 'reported', reports: 3, weight: 12, hidden: true });
    expect(listed.reportList).toHaveLength(3);
    expect(
      (await h.eventsOf('VacancyReviewChanged', id)).map((e) => (e.data as { state: string }).state),
    ).toEqual(['hidden']);
    expect((await decide(id, 'approve', 'razgovarali sa gazdom, oglas je ispravan')).body.status).toBe(
      'Open',
    );
    expect(await browseIds()).toContain(id);
  });

  test('a bad reason is a 400 naming the field; an unknown moba is a 404', async () => {
    const worker = await testToken('Worker');
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const bad = await h.client.post(`/workers/vacancies/${id}/report`, { reason: 'dosadno' }, worker.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('body.reason');
    const unknown = await h.client.post(
      `/workers/vacancies/${crypto.randomUUID()}/report`,
      { reason: 'other' },
      worker.auth,
    );
    expect(unknown.status).toBe(404);
  });
});

/** A moba with this description is a 400 naming the description as a money request, and nothing is written. */
async function expectRefusedAsMoneyRequest(description: string) {
  const estate = await h.estate();
  const res = await h.client.post(
    '/estates/vacancies/create',
    { ...validVacancy(h.today()), description },
    estate.auth,
  );
  expect(res.status).toBe(400);
  expect(res.body.error.details).toEqual([
    expect.objectContaining({ field: 'description', code: 'money_request' }),
  ]);
  expect((await h.client.get('/estates/vacancies/all', estate.auth)).body).toEqual([]);
}

describe('money requests are refused', () => {
  test('a title asking for a deposit is a 400 naming the field, and nothing is written', async () => {
    await expectRefusedAsMoneyRequest('Пошаљите новац за превоз унапред.');
  });

  test.each([
    ['the passive voice', 'Rezervacija mesta se uplaćuje pre dolaska.'],
    ['a reservation fee', 'Rezervacija mesta 1.000 din, ostatak po dolasku.'],
    ['a registration fee in Cyrillic', 'Регистрација берача кошта 500 динара.'],
    ['payment before arrival', 'Mora biti uplaceno pre dolaska.'],
    ['English', 'Pay 30 EUR to reserve your place.'],
  ])(
    'a request in other words (%s) is a 400 naming the description, and nothing is written',
    async (_, description) => {
      await expectRefusedAsMoneyRequest(description);
    },
  );

  test.each([
    [
      'a wage advance',
      'Plaćamo unapred prvu nedelju onima kojima treba. Dnevnica se isplaćuje svake večeri.',
    ],
    ['wages paid to an account', 'Plata se uplaćuje na račun svakog petka. Smeštaj besplatan.'],
    ['saying there is no deposit', 'Депозит није потребан. Плата унапред за прву недељу.'],
    ['English wage talk', 'We pay the first week in advance if you need it. No deposit, no fees, ever.'],
  ])('wage talk with the same words (%s) is published', async (_, description) => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { description });
    expect((await own(estate.auth, id)).status).toBe('Open');
  });
});
