import { topics } from '@moba/contracts';
import { addDays, envelope, startVacancy, type VacancyHarness } from './helpers';

const DAY = 86_400_000;

let h: VacancyHarness;
beforeAll(async () => {
  h = await startVacancy();
});
afterAll(() => h.stop());

const own = async (auth: Record<string, string>, id: string) =>
  ((await h.client.get('/estates/vacancies/all', auth)).body as Record<string, unknown>[]).find(
    (v) => v.id === id,
  );

describe('the featuring offer', () => {
  it('offers a new estate its first vacancy for free in the promo, at the featuring price otherwise', async () => {
    const estate = await h.estate();
    const res = await h.client.get('/estates/featuring-offer', estate.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ priceRsd: 1500, freeForNew: true, freeVacancyId: null });
  });

  it('keeps the free featuring for a first vacancy published without it, and answers the price for new ones', async () => {
    const estate = await h.estate();
    const first = await h.create(estate.auth);
    expect((await h.client.get('/estates/featuring-offer', estate.auth)).body).toEqual({
      priceRsd: 1500,
      freeForNew: false,
      freeVacancyId: first,
    });
  });

  it('offers nothing free outside the promo period', async () => {
    const outside = await startVacancy({ PROMO_START: '2020-01-01', PROMO_END: '2020-12-31' });
    try {
      const estate = await outside.estate();
      await outside.create(estate.auth);
      expect((await outside.client.get('/estates/featuring-offer', estate.auth)).body).toEqual({
        priceRsd: 1500,
        freeForNew: false,
        freeVacancyId: null,
      });
    } finally {
      await outside.stop();
    }
  });
});

describe('featuring a published vacancy later', () => {
  it('features the first vacancy at once for free, with VacancyFeatured, and the offer is used up', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const res = await h.client.post(`/estates/vacancies/${id}/feature`, {}, estate.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ featured: true, featuring: 'free' });
    expect(await own(estate.auth, id)).toMatchObject({ featured: true, featuring: 'free', status: 'Open' });
    expect((await h.eventsOf('VacancyFeatured', id)).map((e) => e.data)).toEqual([
      { vacancyId: id, estateId: estate.id, featured: true, featuring: 'free', reason: 'free' },
    ]);
    expect((await h.client.get('/estates/featuring-offer', estate.auth)).body.freeVacancyId).toBeNull();
    const again = await h.client.post(`/estates/vacancies/${id}/feature`, {}, estate.auth);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('VACANCY.ALREADY_FEATURED');
  });

  it('makes a later vacancy a paid featuring that stays Open until the payment; asking again answers the same', async () => {
    const estate = await h.estate();
    await h.create(estate.auth);
    const id = await h.create(estate.auth);
    const res = await h.client.post(`/estates/vacancies/${id}/feature`, {}, estate.auth);
    expect(res.body).toEqual({ featured: false, featuring: 'paid' });
    expect(await own(estate.auth, id)).toMatchObject({ featured: false, featuring: 'paid', status: 'Open' });
    expect((await h.eventsOf('VacancyFeatured', id)).map((e) => e.data)).toEqual([
      { vacancyId: id, estateId: estate.id, featured: false, featuring: 'paid', reason: 'requested' },
    ]);
    expect((await h.client.post(`/estates/vacancies/${id}/feature`, {}, estate.auth)).body).toEqual({
      featured: false,
      featuring: 'paid',
    });
    expect(await h.eventsOf('VacancyFeatured', id)).toHaveLength(1);

    // the payment succeeds: the vacancy is featured (the existing payment flow)
    const paymentId = crypto.randomUUID();
    await h.deliver(
      topics.payment,
      envelope('PaymentSucceeded', paymentId, {
        paymentId,
        purpose: 'featuring',
        vacancyId: id,
        estateId: estate.id,
        amount: 1500,
        currency: 'RSD',
      }),
    );
    expect(await own(estate.auth, id)).toMatchObject({ featured: true, status: 'Open' });
  });

  it("answers 404 for another estate's vacancy (IDOR) and changes nothing", async () => {
    const owner = await h.estate();
    const stranger = await h.estate();
    const id = await h.create(owner.auth);
    const res = await h.client.post(`/estates/vacancies/${id}/feature`, {}, stranger.auth);
    expect(res.status).toBe(404);
    expect(await own(owner.auth, id)).toMatchObject({ featured: false, featuring: 'none' });
    expect(await h.eventsOf('VacancyFeatured', id)).toEqual([]);
  });

  it('refuses a finished vacancy, an unknown id (404) and an id that is not a UUID v4 (400)', async () => {
    const later = await startVacancy();
    try {
      const estate = await later.estate();
      const id = await later.create(estate.auth, {
        startDate: addDays(later.today(), 1),
        endDate: addDays(later.today(), 1),
      });
      later.deps.clock.advance(3 * DAY);
      await later.service.runStatusJob();
      const res = await later.client.post(`/estates/vacancies/${id}/feature`, {}, estate.auth);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('VACANCY.NOT_FEATURABLE');
      expect(
        (await later.client.post(`/estates/vacancies/${crypto.randomUUID()}/feature`, {}, estate.auth))
          .status,
      ).toBe(404);
      const bad = await later.client.post('/estates/vacancies/abc/feature', {}, estate.auth);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].field).toBe('id');
    } finally {
      await later.stop();
    }
  });
});
