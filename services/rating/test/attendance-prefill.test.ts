import { topics } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { startRating, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

describe('the rating form is pre-filled from attendance per day', () => {
  test("for-rating names who came and who stayed, from the estate's marks; an unmarked worker has nothing", async () => {
    const job = await world.finishedJob(3);
    const [always, once, never] = job.workers;
    const recorded = (workerId: string, came: boolean, stayed: boolean) =>
      world.publish(
        topics.application,
        world.envelope('WorkerAttendanceRecorded', job.vacancyId, {
          vacancyId: job.vacancyId,
          workerId,
          came,
          stayed,
          recordedAt: '2026-07-10T18:00:00.000Z',
        }),
      );
    await recorded(always!.id, true, true);
    await recorded(once!.id, true, false);
    const answer = await eventually(async () => {
      const res = await world.client.get(
        `/estates/vacancy/${job.vacancyId}/workers/for-rating`,
        job.estate.auth,
      );
      return res.body.workers.filter((w: { attended?: unknown }) => w.attended).length === 2
        ? res
        : undefined;
    });
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.workers.map((w: { workerId: string }) => [w.workerId, w]));
    expect(byId.get(always!.id)).toMatchObject({ attended: { came: true, stayed: true } });
    expect(byId.get(once!.id)).toMatchObject({ attended: { came: true, stayed: false } });
    expect(byId.get(never!.id)).not.toHaveProperty('attended');
  });

  test('"stayed to the end" is not asked of someone who did not come: a yes is refused naming it, and nothing is written', async () => {
    const job = await world.finishedJob(2);
    const [one, two] = job.workers;
    const single = await world.client.post(
      `/users/${one!.id}/rate/worker`,
      { grade: 2, vacancyId: job.vacancyId, promises: { came: false, stayed: true } },
      job.estate.auth,
    );
    expect(single.status).toBe(400);
    expect(single.body.error.details.map((d: { field: string }) => d.field)).toContain('promises.stayed');
    const bulk = await world.client.post(
      '/users/rate/workers',
      {
        vacancyId: job.vacancyId,
        ratings: [
          { workerId: one!.id, grade: 2, promises: { came: false, stayed: false } },
          { workerId: two!.id, grade: 4, promises: { came: false, stayed: true } },
        ],
      },
      job.estate.auth,
    );
    expect(bulk.status).toBe(400);
    expect(bulk.body.error.details.map((d: { field: string }) => d.field)).toContain(
      'ratings.1.promises.stayed',
    );
    const res = await world.client.get(
      `/estates/vacancy/${job.vacancyId}/workers/for-rating`,
      job.estate.auth,
    );
    expect(res.body.unratedCount).toBe(2);
    const fine = await world.client.post(
      `/users/${one!.id}/rate/worker`,
      { grade: 2, vacancyId: job.vacancyId, promises: { came: false, stayed: false } },
      job.estate.auth,
    );
    expect(fine.status).toBe(201);
  });
});
