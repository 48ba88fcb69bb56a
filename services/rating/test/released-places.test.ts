import { randomUUID } from 'node:crypto';
import { topics } from '@moba/contracts';
import { startRating, type World } from './support';

/**
 * Standby (issue #31): a worker whose whole place was given back (cancelled, removed by the estate)
 * neither rates the estate nor is listed to be rated; a crew that only brings fewer heads stays.
 */
let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

const released = (vacancyId: string, estateId: string, workerId: string, remaining: number) =>
  world.envelope('PlacesReleased', randomUUID(), {
    applicationId: randomUUID(),
    vacancyId,
    estateId,
    workerId,
    heads: 1,
    reason: 'worker-cancelled',
    remaining,
    late: false,
    releasedAt: new Date().toISOString(),
  });

test('a cancelled worker is not listed for rating and cannot rate the estate; a partial release keeps the worker', async () => {
  const { estate, vacancyId, workers } = await world.finishedJob(2, { finished: false });
  const [cancelled, stayed] = workers;
  const event = released(vacancyId, estate.id, cancelled.id, 0);
  await world.publish(topics.application, event);
  await world.publish(topics.application, event); // redelivered: the same
  await world.publish(topics.application, released(vacancyId, estate.id, stayed.id, 2));
  await world.finish(vacancyId, estate.id);

  const list = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
  expect(list.body.workers.map((w: { workerId: string }) => w.workerId)).toEqual([stayed.id]);
  const rated = await world.client.post(
    `/users/${estate.id}/rate/estate`,
    { grade: 1, comment: 'Nisam ni došao', vacancyId },
    cancelled.auth,
  );
  expect(rated.body.error.code).toBe('RATING.NOT_A_PARTICIPANT');
});
