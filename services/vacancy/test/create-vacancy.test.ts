import { testToken } from '@moba/platform/testing';
import { VACANCY_START_HORIZON_DAYS, VACANCY_WORKERS_MAX } from '@moba/contracts';
import { addDays, startVacancy, validVacancy, type VacancyHarness } from './helpers';

let h: VacancyHarness;
beforeAll(async () => {
  h = await startVacancy();
});
afterAll(() => h.stop());

const listOwn = async (auth: Record<string, string>) =>
  (await h.client.get('/estates/vacancies/all', auth)).body as { id: string; [k: string]: unknown }[];

describe('POST /estates/vacancies/create', () => {
  it('creates an Open vacancy, answers its id and publishes VacancyCreated through the outbox', async () => {
    const estate = await h.estate('Imanje Jovanović');
    const res = await h.client.post('/estates/vacancies/create', validVacancy(h.today()), estate.auth);
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const [event] = await h.eventsOf('VacancyCreated', res.body.id);
    expect(event.data).toMatchObject({
      vacancyId: res.body.id,
      estateId: estate.id,
      estateName: 'Imanje Jovanović',
      title: 'Berba malina u Arilju',
      municipality: 'Arilje',
      district: 'Zlatiborski',
      totalPositions: 5,
      status: 'Open',
      featuring: 'none',
      featured: false,
      groupLeadersAccepted: true,
      paymentType: 'DailyWage',
      dailyWage: 4000,
    });
    const [own] = await listOwn(estate.auth);
    expect(own).toMatchObject({
      id: res.body.id,
      status: 'Open',
      freePositions: 5,
      totalPositions: 5,
      filled: false,
      urgent: false,
    });
    expect(own).not.toHaveProperty('_outbox');
    expect(own).not.toHaveProperty('appliedEvents');
  });

  it('answers 400 naming the fields and writes nothing when a rule fails', async () => {
    const estate = await h.estate();
    const res = await h.client.post(
      '/estates/vacancies/create',
      validVacancy(h.today(), { title: '', description: 'pozovite 0641234567', numberOfWorkers: 0 }),
      estate.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'description',
      'numberOfWorkers',
      'title',
    ]);
    expect(await listOwn(estate.auth)).toEqual([]);
  });

  it('refuses a start date before today by the service clock', async () => {
    const estate = await h.estate();
    const yesterday = addDays(h.today(), -1);
    const res = await h.client.post(
      '/estates/vacancies/create',
      validVacancy(h.today(), { startDate: yesterday, endDate: h.today() }),
      estate.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'startDate', code: 'date_in_past', message: 'must not be in the past' },
    ]);
  });

  it('refuses a start more than a year ahead, naming the horizon, and accepts one exactly a year ahead', async () => {
    const estate = await h.estate();
    const tooFar = addDays(h.today(), VACANCY_START_HORIZON_DAYS + 1);
    const res = await h.client.post(
      '/estates/vacancies/create',
      validVacancy(h.today(), { startDate: tooFar, endDate: tooFar }),
      estate.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      {
        field: 'startDate',
        code: 'start_too_far',
        limit: VACANCY_START_HORIZON_DAYS,
        message: `may start at most ${VACANCY_START_HORIZON_DAYS} days from today`,
      },
    ]);
    expect(await listOwn(estate.auth)).toEqual([]);

    const lastDay = addDays(h.today(), VACANCY_START_HORIZON_DAYS);
    const ok = await h.client.post(
      '/estates/vacancies/create',
      validVacancy(h.today(), { startDate: lastDay, endDate: lastDay }),
      estate.auth,
    );
    expect(ok.status).toBe(201);
  });

  it.each([
    [1e9, { code: 'too_big', limit: VACANCY_WORKERS_MAX }],
    [2.5, { code: 'not_integer' }],
    [5000, { code: 'too_big', limit: VACANCY_WORKERS_MAX }],
    ['7', { code: 'not_number' }],
    [null, { code: 'required' }],
  ])('numberOfWorkers %p is refused saying what is wrong, not "required"', async (value, expected) => {
    const estate = await h.estate();
    const res = await h.client.post(
      '/estates/vacancies/create',
      { ...validVacancy(h.today()), numberOfWorkers: value },
      estate.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'numberOfWorkers', ...expected }),
    ]);
    expect(await listOwn(estate.auth)).toEqual([]);
  });

  it('refuses a phone number in the title as in the description', async () => {
    const estate = await h.estate();
    const res = await h.client.post(
      '/estates/vacancies/create',
      validVacancy(h.today(), { title: 'Berba, zovi 064 123 4567' }),
      estate.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'title', code: 'phone_in_text' }),
    ]);
  });

  it('refuses urgent with 400 coming soon', async () => {
    const estate = await h.estate();
    const res = await h.client.post(
      '/estates/vacancies/create',
      { ...validVacancy(h.today()), urgent: true },
      estate.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VACANCY.URGENT_COMING_SOON',
      message: 'coming soon',
      details: [{ field: 'urgent', code: 'coming_soon', message: 'coming soon' }],
    });
    expect(await listOwn(estate.auth)).toEqual([]);
  });

  it('ignores fields the estate may not set (featured, status, positions, estate)', async () => {
    const estate = await h.estate();
    await h.create(estate.auth);
    const id = await h.create(estate.auth, {
      featured: true,
      featuring: 'free',
      status: 'Closed',
      freePositions: 0,
      estateName: 'Fake',
      estateId: crypto.randomUUID(),
    });
    expect((await listOwn(estate.auth)).find((v) => v.id === id)).toMatchObject({
      featured: false,
      featuring: 'none',
      status: 'Open',
      freePositions: 5,
      estateName: 'Imanje Test',
    });
  });

  it('answers 400 for a malformed or missing body, never 500', async () => {
    const estate = await h.estate();
    expect(
      (
        await h.client.request('POST', '/estates/vacancies/create', {
          raw: '{not json',
          headers: estate.auth,
        })
      ).status,
    ).toBe(400);
    expect((await h.client.post('/estates/vacancies/create', undefined, estate.auth)).status).toBe(400);
    expect((await h.client.post('/estates/vacancies/create', [1, 2], estate.auth)).status).toBe(400);
  });

  it('takes the estate name from the auth replica, falling back to the name in the token', async () => {
    const estate = await testToken('Estate', { fullName: 'Petar Petrović' });
    const first = await h.create(estate.auth);
    expect((await h.eventsOf('VacancyCreated', first))[0].data).toMatchObject({
      estateName: 'Petar Petrović',
    });
    await h.deliverUserEvent('ProfileUpdated', estate, 'Estate', {
      fullName: 'Petar Petrović',
      phone: '+381641234567',
      groupLeader: false,
      groupSize: 0,
      estateName: 'Voćnjak Petrović',
    });
    const second = await h.create(estate.auth);
    expect((await h.eventsOf('VacancyCreated', second))[0].data).toMatchObject({
      estateName: 'Voćnjak Petrović',
    });
    expect((await listOwn(estate.auth)).map((v) => v.estateName)).toEqual([
      'Voćnjak Petrović',
      'Voćnjak Petrović',
    ]);
  });
});

describe('featuring on create', () => {
  it("features the estate's first vacancy in the promo period for free, Open at once", async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { sponsored: true });
    const [own] = await listOwn(estate.auth);
    expect(own).toMatchObject({ id, status: 'Open', featuring: 'free', featured: true });
    expect((await h.eventsOf('VacancyFeatured', id))[0].data).toMatchObject({
      featured: true,
      reason: 'free',
    });
  });

  it('makes a later sponsored vacancy of the same estate paid: Pending until the payment ends', async () => {
    const estate = await h.estate();
    await h.create(estate.auth);
    const id = await h.create(estate.auth, { sponsored: true });
    const own = (await listOwn(estate.auth)).find((v) => v.id === id);
    expect(own).toMatchObject({ status: 'Pending', featuring: 'paid', featured: false });
    expect((await h.eventsOf('VacancyCreated', id))[0].data).toMatchObject({
      status: 'Pending',
      featuring: 'paid',
      featured: false,
    });
  });

  it('features nothing when the sponsored choice is not taken', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { sponsored: false });
    expect((await listOwn(estate.auth))[0]).toMatchObject({
      id,
      featuring: 'none',
      featured: false,
      status: 'Open',
    });
  });

  it('gives no free featuring outside the promo period (PROMO_START/PROMO_END)', async () => {
    const outside = await startVacancy({ PROMO_START: '2020-01-01', PROMO_END: '2020-12-31' });
    try {
      const estate = await outside.estate();
      const id = await outside.create(estate.auth, { sponsored: true });
      const own = (await outside.client.get('/estates/vacancies/all', estate.auth)).body[0];
      expect(own).toMatchObject({ id, featuring: 'paid', status: 'Pending' });
    } finally {
      await outside.stop();
    }
  });

  it('gives the promo once even when two first vacancies arrive at the same moment', async () => {
    const estate = await h.estate();
    const body = validVacancy(h.today(), { sponsored: true });
    await Promise.all([1, 2, 3].map(() => h.client.post('/estates/vacancies/create', body, estate.auth)));
    const featurings = (await listOwn(estate.auth)).map((v) => v.featuring).sort();
    expect(featurings).toEqual(['free', 'paid', 'paid']);
  });
});

test('a damaged stored vacancy fails loudly instead of reaching the estate list (STYLE habit 4)', async () => {
  const estate = await h.estate('Imanje Oštećeno');
  const id = await h.create(estate.auth);
  const raw = await h.deps.store.collection<{ _id: string }>('vacancies');
  await raw.updateOne({ _id: id }, { $set: { status: 'Bogus' } });
  const list = await h.client.get('/estates/vacancies/all', estate.auth);
  expect(list.status).toBe(500);
  expect(list.text).not.toContain('Bogus');
  await raw.updateOne({ _id: id }, { $set: { status: 'Open' } });
});
