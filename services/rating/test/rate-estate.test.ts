import { randomUUID } from 'node:crypto';
import { RATING_COMMENT_MAX, RatingSubmitted } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { startRating, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

describe('a worker rating the estate of a finished job', () => {
  test('the accepted worker sees the estate of the Finished vacancy, not yet rated', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1, { title: 'Berba višanja' });
    const res = await world.client.get(`/workers/vacancy/${vacancyId}/estate/for-rating`, workers[0].auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      vacancyId,
      vacancyTitle: 'Berba višanja',
      endDate: '2026-07-10',
      estateId: estate.id,
      estateName: 'Voćnjak Petrović',
      rated: false,
    });
  });

  test('rating the estate once answers the new summary, marks it rated and publishes RatingSubmitted', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const res = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 4, comment: '  Korektno  ', vacancyId },
      workers[0].auth,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ratingId: expect.any(String), ratedUserId: estate.id, average: 4, count: 1 });

    const view = await world.client.get(`/workers/vacancy/${vacancyId}/estate/for-rating`, workers[0].auth);
    expect(view.body).toMatchObject({ rated: true, rating: { grade: 4, comment: 'Korektno' } });

    const event = await eventually(
      async () =>
        world.published.find(
          (e) =>
            e.type === 'RatingSubmitted' && (e.data as { ratingId: string }).ratingId === res.body.ratingId,
        ),
      'RatingSubmitted',
    );
    expect(RatingSubmitted.envelope.parse(event).data).toEqual({
      ratingId: res.body.ratingId,
      vacancyId,
      raterId: workers[0].id,
      ratedUserId: estate.id,
      ratedRole: 'Estate',
      grade: 4,
      comment: 'Korektno',
      average: 4,
      count: 1,
      ratedAt: expect.any(String),
    });
    expect(event.key).toBe(estate.id);
  });

  test('rating before the vacancy is Finished is refused with VACANCY_NOT_FINISHED and writes nothing', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1, { finished: false });
    await world.statusChanged(vacancyId, estate.id, 'Open', 'Closed');
    const res = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 5, vacancyId },
      workers[0].auth,
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'RATING.VACANCY_NOT_FINISHED',
      message: 'rating error for estate',
    });
    const view = await world.client.get(`/workers/vacancy/${vacancyId}/estate/for-rating`, workers[0].auth);
    expect(view.body.error.code).toBe('RATING.VACANCY_NOT_FINISHED');
    const mine = await world.client.get('/users/me/ratings', estate.auth);
    expect(mine.body).toEqual({ average: null, count: 0, ratings: [], promises: { jobs: 0, kept: 0 } });
  });

  test('a worker who was not accepted in the vacancy is refused with NOT_A_PARTICIPANT', async () => {
    const { estate, vacancyId } = await world.finishedJob(1);
    const stranger = await world.user('Worker');
    const res = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 5, vacancyId },
      stranger.auth,
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'RATING.NOT_A_PARTICIPANT',
      message: 'rating error for estate',
    });
  });

  test('a worker accepted only as a guest application (no account) does not make anyone a participant', async () => {
    const { estate, vacancyId } = await world.finishedJob(0, { finished: false });
    await world.accept(vacancyId, estate.id, null, true);
    await world.finish(vacancyId, estate.id);
    const list = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(list.body.workers).toEqual([]);
  });

  test('a second rating of the same estate for the same vacancy is refused with ALREADY_RATED', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const first = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 5, vacancyId },
      workers[0].auth,
    );
    expect(first.status).toBe(201);
    const second = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 1, vacancyId },
      workers[0].auth,
    );
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'RATING.ALREADY_RATED',
      message: 'rating error for estate',
    });
  });

  test('two simultaneous ratings by the same worker store exactly one', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const answers = await Promise.all(
      [3, 4, 5].map((grade) =>
        world.client.post(`/users/${estate.id}/rate/estate`, { grade, vacancyId }, workers[0].auth),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const mine = await world.client.get('/users/me/ratings', estate.auth);
    expect(mine.body.count).toBe(1);
  });

  test("naming another estate than the vacancy's in the path is refused with NOT_VACANCY_ESTATE", async () => {
    const { vacancyId, workers } = await world.finishedJob(1);
    const other = await world.user('Estate');
    const res = await world.client.post(
      `/users/${other.id}/rate/estate`,
      { grade: 5, vacancyId },
      workers[0].auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'RATING.NOT_VACANCY_ESTATE',
      message: 'rating error for estate',
    });
  });

  test('an unknown or deleted vacancy answers VACANCY_NOT_FOUND', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const unknown = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 5, vacancyId: randomUUID() },
      workers[0].auth,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('RATING.VACANCY_NOT_FOUND');
    await world.deleted(vacancyId, estate.id);
    const gone = await world.client.get(`/workers/vacancy/${vacancyId}/estate/for-rating`, workers[0].auth);
    expect(gone.status).toBe(404);
  });

  test.each([
    [{}, ['grade', 'vacancyId']],
    [{ grade: 0, vacancyId: 'V' }, ['grade', 'vacancyId']],
    [{ grade: 6 }, ['grade', 'vacancyId']],
    [{ grade: 3.5, vacancyId: '00000000-0000-4000-8000-000000000000' }, ['grade']],
    [{ grade: '5', vacancyId: '00000000-0000-4000-8000-000000000000' }, ['grade']],
    [
      {
        grade: 5,
        comment: 'x'.repeat(RATING_COMMENT_MAX + 1),
        vacancyId: '00000000-0000-4000-8000-000000000000',
      },
      ['comment'],
    ],
    [{ grade: 5, vacancyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' }, ['vacancyId']],
  ])('bad input %j answers 400 naming %j and writes nothing', async (body, fields) => {
    const { estate, workers } = await world.finishedJob(1);
    const res = await world.client.post(`/users/${estate.id}/rate/estate`, body, workers[0].auth);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect([...new Set(res.body.error.details.map((d: { field: string }) => d.field))].sort()).toEqual(
      fields,
    );
    expect((await world.client.get('/users/me/ratings', estate.auth)).body.count).toBe(0);
  });

  test('a comment of exactly the maximum length is accepted', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const res = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 2, comment: 'x'.repeat(RATING_COMMENT_MAX), vacancyId },
      workers[0].auth,
    );
    expect(res.status).toBe(201);
  });

  test('route ids that are not UUID v4 answer 400', async () => {
    const { workers } = await world.finishedJob(1);
    const v1 = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    expect((await world.client.get(`/workers/vacancy/${v1}/estate/for-rating`, workers[0].auth)).status).toBe(
      400,
    );
    expect((await world.client.get('/workers/vacancy/123/estate/for-rating', workers[0].auth)).status).toBe(
      400,
    );
    const res = await world.client.post(
      `/users/not-a-uuid/rate/estate`,
      { grade: 5, vacancyId: randomUUID() },
      workers[0].auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('id');
  });
});
