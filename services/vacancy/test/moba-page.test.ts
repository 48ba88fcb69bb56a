import { mobaPageSchema, topics, type MobaPage } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import { envelope, ratingSubmitted, startVacancy, type VacancyHarness } from './helpers';

/**
 * GET /vacancies/:id: a moba's public page. The same answer for a visitor and every role, exactly
 * the page schema's keys (never meeting details or the review), with the estate's rating, verified
 * mark, promises kept and late cancellations; unknown, deleted, held and hidden mobas are 404.
 */
let h: VacancyHarness;
beforeAll(async () => {
  h = await startVacancy();
});
afterAll(() => h.stop());

const page = (id: string, auth: Record<string, string> = {}) => h.client.get(`/vacancies/${id}`, auth);

const rated = (estateId: string, average: number, count: number, promises?: { jobs: number; kept: number }) =>
  ratingSubmitted(estateId, 'Estate', { average, count, ...(promises ? { promises } : {}) });

const released = (
  estateId: string,
  vacancyId: string,
  over: Partial<{ reason: string; late: boolean }> = {},
  id?: string,
) =>
  envelope(
    'PlacesReleased',
    crypto.randomUUID(),
    {
      applicationId: crypto.randomUUID(),
      vacancyId,
      estateId,
      workerId: crypto.randomUUID(),
      heads: 1,
      reason: 'estate-removed',
      late: true,
      releasedAt: new Date().toISOString(),
      ...over,
    },
    id,
  );

describe("a moba's page", () => {
  test('a visitor reads what browse shows, and every role reads the very same answer', async () => {
    const estate = await h.estate('Imanje Stranica');
    const id = await h.create(estate.auth, { dailyWage: 4000 });
    const visitor = await page(id);
    expect(visitor.status).toBe(200);
    const browse = await h.client.post('/workers/vacancies/open', { pageSize: 100 }, h.worker.auth);
    const card = (browse.body.items as MobaPage[]).find((item) => item.id === id)!;
    const { distanceKm: _km, ...shown } = card as MobaPage & { distanceKm?: number };
    expect(visitor.body).toEqual({ ...shown, estateLateCancellations: 0 });
    expect(visitor.body).toMatchObject({ title: 'Berba malina u Arilju', estateName: 'Imanje Stranica' });
    expect(visitor.body.fairPay.legalMinimum).toBeGreaterThan(0);
    for (const who of ['Worker', 'Estate', 'Admin'] as const) {
      const res = await page(id, (await testToken(who)).auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(visitor.body);
    }
    expect((await page(id, estate.auth)).body).toEqual(visitor.body);
  });

  test("its keys are exactly the schema's: meeting details and the review never reach it", async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    // Another part of the product keeps private facts on the same document.
    await h.service.context.store.vacancies.updateOne(
      { _id: id },
      {
        $set: {
          meeting: {
            point: 'Ispred zadruge',
            time: '06:30',
            contactName: 'Marko',
            contactPhone: '0641234567',
          },
          dayOfWork: { meeting: { point: 'Ispred zadruge' }, setAt: new Date().toISOString() },
        },
      },
    );
    const res = await page(id);
    expect(res.status).toBe(200);
    const allowed = Object.keys(mobaPageSchema.shape);
    for (const key of Object.keys(res.body)) expect(allowed).toContain(key);
    expect(mobaPageSchema.safeParse(res.body).success).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/zadruge|Marko|0641234567|meeting|review/);
  });

  test("the estate's rating, verified mark and promises kept: the summary of the most ratings wins", async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    expect((await page(id)).body.estateRating).toBeUndefined();
    const second = rated(estate.id, 4.5, 2, { jobs: 2, kept: 2 });
    await h.deliver(topics.rating, second);
    await h.deliver(topics.rating, rated(estate.id, 4, 1, { jobs: 1, kept: 1 })); // late, older
    await h.deliver(topics.rating, second); // redelivered
    await h.deliver(
      topics.auth,
      envelope('EstateVerificationChanged', estate.id, {
        estateId: estate.id,
        verified: true,
        changedAt: new Date().toISOString(),
      }),
    );
    const body = (await page(id)).body as MobaPage;
    expect(body.estateRating).toEqual({ average: 4.5, count: 2 });
    expect(body.estatePromises).toEqual({ jobs: 2, kept: 2 });
    expect(body.estateVerified).toBe(true);
    // A rating of a worker is not the estate's.
    await h.deliver(topics.rating, ratingSubmitted(h.worker.id, 'Worker', { average: 1, count: 9 }));
    expect(((await page(id)).body as MobaPage).estateRating).toEqual({ average: 4.5, count: 2 });
  });

  test("the estate's late cancellations: late removals by the estate, each event counted once", async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    const other = await h.create(estate.auth);
    const late = released(estate.id, id);
    await h.deliver(topics.application, late);
    await h.deliver(topics.application, late); // redelivered
    await h.deliver(topics.application, released(estate.id, other));
    await h.deliver(topics.application, released(estate.id, id, { late: false }));
    await h.deliver(topics.application, released(estate.id, id, { reason: 'worker-cancelled' }));
    await h.deliver(topics.application, released(estate.id, id, { reason: 'declined' }));
    expect((await page(id)).body.estateLateCancellations).toBe(2);
    expect((await page(other)).body.estateLateCancellations).toBe(2);
    const stranger = await h.estate();
    expect((await page(await h.create(stranger.auth))).body.estateLateCancellations).toBe(0);
  });

  test('unknown, deleted, held and hidden mobas answer 404 VACANCY.NOT_FOUND; a bad id 400 naming it', async () => {
    const estate = await h.estate();
    const unknown = await page(crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('VACANCY.NOT_FOUND');

    const deleted = await h.create(estate.auth);
    expect((await h.client.delete(`/estates/vacancies/${deleted}`, estate.auth)).status).toBe(200);
    const held = await h.create(estate.auth, { dailyWage: 1000 });
    const hidden = await h.create(estate.auth);
    await h.service.context.store.vacancies.updateOne(
      { _id: hidden },
      { $set: { review: { state: 'reported', reasons: [], reports: 3, hidden: true } } },
    );
    for (const id of [deleted, held, hidden]) {
      for (const auth of [{}, estate.auth, h.admin.auth]) {
        const res = await page(id, auth);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('VACANCY.NOT_FOUND');
      }
    }
    const bad = await page('not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('params.id');
  });

  test('a closed or finished moba keeps its page', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    await h.service.context.store.vacancies.updateOne({ _id: id }, { $set: { status: 'Finished' } });
    const res = await page(id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Finished');
  });
});
