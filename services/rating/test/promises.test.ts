import { RatingSubmitted, topics, type PromiseFigure } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { startRating, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

const kept = { paidAgreedWage: true, paidOnTime: true, hoursAsListed: true };
const onlyFood = { food: true, transport: false, accommodation: false };
const figureOf = async (auth: Record<string, string>): Promise<PromiseFigure> =>
  (await world.client.get('/users/me/ratings', auth)).body.promises;

describe('promise kept: the checklist beside the stars', () => {
  test('the worker is asked only about what the moba offered; another answer is refused naming it, and nothing is written', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1, { offers: onlyFood });
    const view = await world.client.get(`/workers/vacancy/${vacancyId}/estate/for-rating`, workers[0].auth);
    expect(view.body.offered).toEqual(onlyFood);
    const refused = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 5, vacancyId, promises: { ...kept, food: true, transport: true } },
      workers[0].auth,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ field: 'promises.transport', code: 'not_offered' }),
    ]);
    expect((await figureOf(estate.auth)).jobs).toBe(0);
    const missing = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 5, vacancyId, promises: { paidAgreedWage: true } },
      workers[0].auth,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['promises.paidOnTime', 'promises.hoursAsListed']),
    );
  });

  test("an estate's figure counts each rated job, kept when every answer is yes, and RatingSubmitted carries it", async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(4, { offers: onlyFood });
    const answers = [{ ...kept, food: true }, { ...kept, food: false }, { ...kept, paidOnTime: false }, kept];
    for (const [i, promises] of answers.entries()) {
      const res = await world.client.post(
        `/users/${estate.id}/rate/estate`,
        { grade: 4, vacancyId, promises },
        workers[i]!.auth,
      );
      expect(res.status).toBe(201);
    }
    expect(await figureOf(estate.auth)).toEqual({ jobs: 4, kept: 2 });
    const events = await eventually(async () => {
      const mine = world.published.filter(
        (e) => RatingSubmitted.is(e) && e.data.ratedUserId === estate.id,
      ) as ReturnType<typeof RatingSubmitted.create>[];
      return mine.length === 4 ? mine : undefined;
    });
    expect(events.map((e) => e.data.promisesKept)).toEqual([true, false, false, true]);
    expect(events.map((e) => e.data.promises)).toEqual([
      { jobs: 1, kept: 1 },
      { jobs: 2, kept: 1 },
      { jobs: 3, kept: 1 },
      { jobs: 4, kept: 2 },
    ]);
  });

  test('a rating without a checklist counts for the stars only', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    await world.client.post(`/users/${estate.id}/rate/estate`, { grade: 3, vacancyId }, workers[0].auth);
    expect(await figureOf(estate.auth)).toEqual({ jobs: 0, kept: 0 });
  });
});

describe("a worker's came and stayed", () => {
  test('the estate answers came and stayed, one by one or all at once', async () => {
    const worker = await world.user('Worker', { fullName: 'Mira Radnica' });
    const first = await world.finishedJob(1, { workers: [worker] });
    const second = await world.finishedJob(2, { workers: [worker] });
    const one = await world.client.post(
      `/users/${worker.id}/rate/worker`,
      { grade: 5, vacancyId: first.vacancyId, promises: { came: true, stayed: true } },
      first.estate.auth,
    );
    expect(one.status).toBe(201);
    const bulk = await world.client.post(
      '/users/rate/workers',
      {
        vacancyId: second.vacancyId,
        ratings: [
          { workerId: worker.id, grade: 2, promises: { came: true, stayed: false } },
          { workerId: second.workers[1]!.id, grade: 4, promises: { came: true, stayed: true } },
        ],
      },
      second.estate.auth,
    );
    expect(bulk.status).toBe(201);
    expect(await figureOf(worker.auth)).toEqual({ jobs: 2, kept: 1 });
    const given = await world.client.get(
      `/estates/vacancy/${second.vacancyId}/workers/for-rating`,
      second.estate.auth,
    );
    expect(given.body.workers[0].rating.promises).toEqual({ came: true, stayed: false });
  });

  test('attendance recorded for a crew takes the place of the checklist for that moba, latest wins whatever the order, and redelivery changes nothing', async () => {
    const worker = await world.user('Worker', { fullName: 'Đorđe Radnik' });
    const job = await world.finishedJob(1, { workers: [worker] });
    await world.client.post(
      `/users/${worker.id}/rate/worker`,
      { grade: 5, vacancyId: job.vacancyId, promises: { came: true, stayed: true } },
      job.estate.auth,
    );
    const attendance = (stayed: boolean, recordedAt: string) =>
      world.envelope('WorkerAttendanceRecorded', job.vacancyId, {
        vacancyId: job.vacancyId,
        workerId: worker.id,
        came: true,
        stayed,
        recordedAt,
      });
    const older = attendance(true, '2026-07-05T10:00:00.000Z');
    const newer = attendance(false, '2026-07-10T18:00:00.000Z');
    await world.publish(topics.application, newer);
    await world.publish(topics.application, older); // late
    await world.publish(topics.application, newer); // redelivered
    expect(await figureOf(worker.auth)).toEqual({ jobs: 1, kept: 0 });

    // A moba the estate never rated still counts from its attendance.
    const other = await world.finishedJob(1, { workers: [worker] });
    await world.publish(
      topics.application,
      world.envelope('WorkerAttendanceRecorded', other.vacancyId, {
        vacancyId: other.vacancyId,
        workerId: worker.id,
        came: true,
        stayed: true,
        recordedAt: '2026-07-12T18:00:00.000Z',
      }),
    );
    expect(await figureOf(worker.auth)).toEqual({ jobs: 2, kept: 1 });
  });
});
