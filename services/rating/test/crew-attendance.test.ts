import { randomUUID } from 'node:crypto';
import { AttendanceMarked, topics } from '@moba/contracts';
import { startRating, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

function marked(
  facts: { vacancyId: string; estateId: string; workerId: string; heads: number; came: number },
  occurredAt: Date,
) {
  const applicationId = randomUUID();
  return AttendanceMarked.create(
    applicationId,
    {
      applicationId,
      vacancyId: facts.vacancyId,
      estateId: facts.estateId,
      workerId: facts.workerId,
      people: [{ personId: applicationId, workerId: facts.workerId, attendance: 'Came' }],
      heads: facts.heads,
      came: facts.came,
    },
    { occurredAt },
  );
}

describe('an estate rates a crew through its leader, naming how many came', () => {
  test('the for-rating list and the rating name how many of the leader’s people came', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const leader = workers[0];
    const facts = { vacancyId, estateId: estate.id, workerId: leader.id, heads: 6 };
    await world.publish(topics.application, marked({ ...facts, came: 5 }, new Date()));
    // An older mark delivered late does not undo the newer one.
    await world.publish(topics.application, marked({ ...facts, came: 2 }, new Date(Date.now() - 60_000)));

    const list = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(list.body.workers[0]).toMatchObject({ workerId: leader.id, attendance: { heads: 6, came: 5 } });

    const rated = await world.client.post(
      `/users/${leader.id}/rate/worker`,
      { grade: 4, comment: 'Došlo petoro od šestoro', vacancyId },
      estate.auth,
    );
    expect(rated.status).toBe(201);
    const received = (await world.client.get('/users/me/ratings', leader.auth)).body;
    expect(received.ratings[0]).toMatchObject({ grade: 4, attendance: { heads: 6, came: 5 } });
  });

  test('an AttendanceMarked with days (attendance per day, numbered heads) is read the same way', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    const leader = workers[0];
    const applicationId = randomUUID();
    const event = AttendanceMarked.create(applicationId, {
      applicationId,
      vacancyId,
      estateId: estate.id,
      workerId: leader.id,
      people: [
        {
          personId: applicationId,
          workerId: leader.id,
          attendance: 'Came',
          byDay: { '2026-07-01': 'Came', '2026-07-02': 'DidNotCome' },
        },
      ],
      heads: 4,
      came: 3,
      day: '2026-07-02',
      days: [
        { day: '2026-07-01', came: 3, didNotCome: 1 },
        { day: '2026-07-02', came: 1, didNotCome: 3 },
      ],
    });
    await world.publish(topics.application, event);
    const list = await world.client.get(`/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    expect(list.body.workers[0]).toMatchObject({ workerId: leader.id, attendance: { heads: 4, came: 3 } });
  });

  test('a worker without marked attendance is rated as before, without attendance', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(2);
    const res = await world.client.post(
      '/users/rate/workers',
      { vacancyId, ratings: workers.map((w) => ({ workerId: w.id, grade: 5 })) },
      estate.auth,
    );
    expect(res.status).toBe(201);
    const received = (await world.client.get('/users/me/ratings', workers[0].auth)).body;
    expect(received.ratings[0].attendance).toBeUndefined();
  });
});
