import { randomUUID } from 'node:crypto';
import { eventually } from '@moba/platform/testing';
import { startRating, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

const received = async (worker: { auth: Record<string, string> }) =>
  (await world.client.get('/users/me/ratings', worker.auth)).body;

/** The estate's bulk call: these workers with these grades. */
const rateAtOnce = (
  estate: { auth: Record<string, string> },
  vacancyId: string,
  grades: [{ id: string }, number][],
) =>
  world.client.post(
    '/users/rate/workers',
    { vacancyId, ratings: grades.map(([worker, grade]) => ({ workerId: worker.id, grade })) },
    estate.auth,
  );

describe('an estate rating the workers of its finished vacancy', () => {
  test('the estate sees every accepted worker of its Finished vacancy, each marked rated or not', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(3, { title: 'Berba jabuka' });
    await world.client.post(
      `/users/${workers[1].id}/rate/worker`,
      { grade: 5, comment: 'Vredan', vacancyId },
      estate.auth,
    );

    const res = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ vacancyId, vacancyTitle: 'Berba jabuka', unratedCount: 2 });
    expect(res.body.workers).toEqual([
      { workerId: workers[0].id, fullName: 'Radnik 1', rated: false },
      {
        workerId: workers[1].id,
        fullName: 'Radnik 2',
        rated: true,
        rating: { grade: 5, comment: 'Vredan', createdAt: expect.any(String) },
      },
      { workerId: workers[2].id, fullName: 'Radnik 3', rated: false },
    ]);
  });

  test('a redelivered ApplicationAccepted does not list a worker twice', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const again = await world.accept(vacancyId, estate.id, workers[0].id);
    await world.publish('application.v1', again);
    const res = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(res.body.workers).toHaveLength(1);
  });

  test('the list of a vacancy that is not Finished is refused with VACANCY_NOT_FINISHED', async () => {
    const { estate, vacancyId } = await world.finishedJob(1, { finished: false });
    const res = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('RATING.VACANCY_NOT_FINISHED');
  });

  test("rating one worker answers the worker's new summary and the worker sees it with the estate's name and the vacancy title", async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1, { title: 'Rezidba vinograda' });
    const res = await world.client.post(
      `/users/${workers[0].id}/rate/worker`,
      { grade: 3, comment: 'Kasnio', vacancyId },
      estate.auth,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ratedUserId: workers[0].id, average: 3, count: 1 });
    expect(await received(workers[0])).toEqual({
      average: 3,
      count: 1,
      promises: { jobs: 0, kept: 0 },
      ratings: [
        {
          ratingId: res.body.ratingId,
          grade: 3,
          comment: 'Kasnio',
          raterId: estate.id,
          raterName: 'Voćnjak Petrović',
          raterRole: 'Estate',
          vacancyId,
          vacancyTitle: 'Rezidba vinograda',
          createdAt: expect.any(String),
        },
      ],
    });
  });

  test('rating a worker before the vacancy is Finished is refused with VACANCY_NOT_FINISHED', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1, { finished: false });
    const res = await world.client.post(
      `/users/${workers[0].id}/rate/worker`,
      { grade: 3, vacancyId },
      estate.auth,
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'RATING.VACANCY_NOT_FINISHED',
      message: 'rating error for worker',
    });
    expect((await received(workers[0])).count).toBe(0);
  });

  test('rating a worker who was not accepted in the vacancy is refused with NOT_A_PARTICIPANT', async () => {
    const { estate, vacancyId } = await world.finishedJob(1);
    const outsider = await world.user('Worker');
    const res = await world.client.post(
      `/users/${outsider.id}/rate/worker`,
      { grade: 3, vacancyId },
      estate.auth,
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('RATING.NOT_A_PARTICIPANT');
    expect((await received(outsider)).count).toBe(0);
  });

  test('rating the same worker twice for the same vacancy is refused with ALREADY_RATED', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    expect(
      (await world.client.post(`/users/${workers[0].id}/rate/worker`, { grade: 4, vacancyId }, estate.auth))
        .status,
    ).toBe(201);
    const second = await world.client.post(
      `/users/${workers[0].id}/rate/worker`,
      { grade: 1, vacancyId },
      estate.auth,
    );
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('RATING.ALREADY_RATED');
    expect(await received(workers[0])).toMatchObject({ average: 4, count: 1 });
  });

  test('the same worker can be rated again for a different vacancy', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const second = await world.vacancy(estate.id);
    await world.accept(second, estate.id, workers[0].id);
    await world.finish(second, estate.id);
    expect(
      (await world.client.post(`/users/${workers[0].id}/rate/worker`, { grade: 4, vacancyId }, estate.auth))
        .status,
    ).toBe(201);
    expect(
      (
        await world.client.post(
          `/users/${workers[0].id}/rate/worker`,
          { grade: 2, vacancyId: second },
          estate.auth,
        )
      ).status,
    ).toBe(201);
    expect(await received(workers[0])).toMatchObject({ average: 3, count: 2 });
  });
});

describe('rating all unrated workers at once', () => {
  test('a bulk call rates every listed worker and publishes one RatingSubmitted each', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(3);
    const res = await world.client.post(
      '/users/rate/workers',
      {
        vacancyId,
        ratings: workers.map((w, i) => ({
          workerId: w.id,
          grade: i + 3,
          ...(i === 0 ? { comment: 'Odličan' } : {}),
        })),
      },
      estate.auth,
    );
    expect(res.status).toBe(201);
    expect(
      res.body.ratings.map((r: { ratedUserId: string; count: number }) => [r.ratedUserId, r.count]),
    ).toEqual(workers.map((w) => [w.id, 1]));
    const list = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(list.body.unratedCount).toBe(0);
    const ids = new Set(res.body.ratings.map((r: { ratingId: string }) => r.ratingId));
    await eventually(
      async () =>
        world.published.filter((e) => ids.has((e.data as { ratingId: string }).ratingId)).length === 3,
      '3 events',
    );
  });

  test('a bulk call with one already rated worker writes nothing and names that item', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(3);
    await world.client.post(`/users/${workers[1].id}/rate/worker`, { grade: 5, vacancyId }, estate.auth);
    const before = world.published.length;
    const res = await world.client.post(
      '/users/rate/workers',
      { vacancyId, ratings: workers.map((w) => ({ workerId: w.id, grade: 2 })) },
      estate.auth,
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'RATING.BULK_REJECTED',
      message: 'rating error for worker',
      details: [
        { field: 'ratings.1.workerId', code: 'RATING.ALREADY_RATED', message: 'RATING.ALREADY_RATED' },
      ],
    });
    expect((await received(workers[0])).count).toBe(0);
    expect((await received(workers[2])).count).toBe(0);
    const list = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(list.body.unratedCount).toBe(2);
    expect(world.published.length).toBe(before);
  });

  test('a bulk call with a non-participant and an already rated worker reports both and writes nothing', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(2);
    await world.client.post(`/users/${workers[0].id}/rate/worker`, { grade: 5, vacancyId }, estate.auth);
    const outsider = await world.user('Worker');
    const res = await world.client.post(
      '/users/rate/workers',
      { vacancyId, ratings: [workers[0], workers[1], outsider].map((w) => ({ workerId: w.id, grade: 4 })) },
      estate.auth,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.details).toEqual([
      { field: 'ratings.0.workerId', code: 'RATING.ALREADY_RATED', message: 'RATING.ALREADY_RATED' },
      { field: 'ratings.2.workerId', code: 'RATING.NOT_A_PARTICIPANT', message: 'RATING.NOT_A_PARTICIPANT' },
    ]);
    expect((await received(workers[1])).count).toBe(0);
  });

  test('a bulk call with one invalid grade answers 400 naming the item and writes nothing', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(2);
    const res = await rateAtOnce(estate, vacancyId, [
      [workers[0], 5],
      [workers[1], 9],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['ratings.1.grade']);
    expect((await received(workers[0])).count).toBe(0);
  });

  test.each([
    [{ ratings: [] }, ['ratings', 'vacancyId']],
    [{ vacancyId: 'nope', ratings: [{ workerId: 'x', grade: 3 }] }, ['ratings.0.workerId', 'vacancyId']],
  ])('a bulk body %j answers 400 naming %j', async (body, fields) => {
    const { estate } = await world.finishedJob(0);
    const res = await world.client.post('/users/rate/workers', body, estate.auth);
    expect(res.status).toBe(400);
    expect([...new Set(res.body.error.details.map((d: { field: string }) => d.field))].sort()).toEqual(
      fields,
    );
  });

  test('a bulk call listing the same worker twice answers 400', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const res = await rateAtOnce(estate, vacancyId, [
      [workers[0], 5],
      [workers[0], 4],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'ratings.1.workerId', code: 'duplicate', message: 'worker listed twice' },
    ]);
  });

  test('a bulk call racing a single rating of one of its workers leaves either the single rating or the whole batch, never a part', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(4);
    const [single, bulk] = await Promise.all([
      world.client.post(`/users/${workers[3].id}/rate/worker`, { grade: 1, vacancyId }, estate.auth),
      world.client.post(
        '/users/rate/workers',
        { vacancyId, ratings: workers.map((w) => ({ workerId: w.id, grade: 5 })) },
        estate.auth,
      ),
    ]);
    const counts = await Promise.all(workers.map(async (w) => (await received(w)).count));
    if (bulk.status === 201) {
      expect(single.status).toBe(409);
      expect(counts).toEqual([1, 1, 1, 1]);
    } else {
      expect(single.status).toBe(201);
      expect(bulk.status).toBe(409);
      expect(counts).toEqual([0, 0, 0, 1]);
    }
  });

  test("the bulk call on another estate's vacancy is refused with NOT_VACANCY_OWNER", async () => {
    const { vacancyId, workers } = await world.finishedJob(1);
    const other = await world.user('Estate');
    const res = await world.client.post(
      '/users/rate/workers',
      { vacancyId, ratings: [{ workerId: workers[0].id, grade: 1 }] },
      other.auth,
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('RATING.NOT_VACANCY_OWNER');
    expect((await received(workers[0])).count).toBe(0);
  });

  test('a bulk call on an unknown vacancy answers 404', async () => {
    const estate = await world.user('Estate');
    const res = await world.client.post(
      '/users/rate/workers',
      { vacancyId: randomUUID(), ratings: [{ workerId: randomUUID(), grade: 1 }] },
      estate.auth,
    );
    expect(res.status).toBe(404);
  });
});
