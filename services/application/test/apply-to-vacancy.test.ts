import { topics } from '@moba/contracts';
import { VacancyStatusChanged } from '../src/messaging/foreign-events';
import { eventually } from '@moba/platform/testing';
import { startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

describe('POST /applications/create', () => {
  test('a worker applies to an open vacancy: 201, pending, one position, ApplicationSubmitted published', async () => {
    const { vacancyId } = await t.vacancy();
    const w = await t.worker();
    const res = await t.apply(w, vacancyId);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), status: 'Pending', positions: 1 });
    const event = await eventually(async () =>
      t
        .eventsOf('ApplicationSubmitted')
        .find((e) => (e.data as Record<string, unknown>).applicationId === res.body.id),
    );
    expect(event.key).toBe(res.body.id);
    expect(event.data).toMatchObject({
      vacancyId,
      workerId: w.id,
      positions: 1,
      submittedAt: expect.any(String),
    });
  });

  test('a second try answers the literal body "Already applied" with 409 and writes nothing', async () => {
    const { vacancyId } = await t.vacancy();
    const w = await t.worker();
    expect((await t.apply(w, vacancyId)).status).toBe(201);
    const again = await t.apply(w, vacancyId);
    expect(again.status).toBe(409);
    expect(again.text).toBe('Already applied');
    expect(again.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await t.store.applications.count({ workerId: w.id, vacancyId })).toBe(1);
  });

  test('concurrent double submits still make one application (unique index decides)', async () => {
    const { vacancyId } = await t.vacancy();
    const w = await t.worker();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.apply(w, vacancyId)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.text === 'Already applied')).toHaveLength(4);
    expect(await t.store.applications.count({ workerId: w.id, vacancyId })).toBe(1);
  });

  test.each(['Pending', 'Closed', 'Finished'] as const)(
    'a %s vacancy does not take applications (409 VACANCY_NOT_OPEN)',
    async (status) => {
      const { vacancyId } = await t.vacancy({ status });
      const w = await t.worker();
      const res = await t.apply(w, vacancyId);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('APPLICATION.VACANCY_NOT_OPEN');
      expect(await t.store.applications.count({ vacancyId })).toBe(0);
    },
  );

  test('an unknown or deleted vacancy answers 404', async () => {
    const w = await t.worker();
    expect((await t.apply(w, crypto.randomUUID())).status).toBe(404);
    const { vacancyId } = await t.vacancy();
    await t.deleted(vacancyId);
    const res = await t.apply(w, vacancyId);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('APPLICATION.VACANCY_NOT_FOUND');
  });

  test('a group leader brings people and takes that many positions plus one', async () => {
    const { vacancyId } = await t.vacancy({ positions: 20 });
    const leader = await t.worker({ groupLeader: true, groupSize: 8 });
    const res = await t.apply(leader, vacancyId, 8);
    expect(res.status).toBe(201);
    expect(res.body.positions).toBe(9);
    expect(await t.store.applications.findOne({ _id: res.body.id })).toMatchObject({
      peopleCount: 8,
      positions: 9,
    });
  });

  test('a group leader cannot bring more people than the profile says (400 naming peopleCount)', async () => {
    const { vacancyId } = await t.vacancy({ positions: 50 });
    const leader = await t.worker({ groupLeader: true, groupSize: 6 });
    const res = await t.apply(leader, vacancyId, 7);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'APPLICATION.GROUP_TOO_LARGE',
      details: [{ field: 'peopleCount' }],
    });
    expect(await t.store.applications.count({ vacancyId })).toBe(0);
  });

  test('a worker who is not a group leader cannot bring people', async () => {
    const { vacancyId } = await t.vacancy();
    const solo = await t.worker();
    const res = await t.apply(solo, vacancyId, 2);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('APPLICATION.NOT_GROUP_LEADER');
  });

  test('a vacancy that does not accept group leaders refuses a group, but takes the leader alone', async () => {
    const { vacancyId } = await t.vacancy({ groupLeadersAccepted: false });
    const leader = await t.worker({ groupLeader: true, groupSize: 10 });
    const res = await t.apply(leader, vacancyId, 5);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('APPLICATION.GROUP_NOT_ACCEPTED');
    expect((await t.apply(leader, vacancyId)).status).toBe(201);
  });

  test('a profile update changes how many people a leader may bring', async () => {
    const { vacancyId } = await t.vacancy({ positions: 50 });
    const leader = await t.worker({ groupLeader: true, groupSize: 5 });
    await t.profileUpdated(leader.id, { groupLeader: true, groupSize: 20 });
    expect((await t.apply(leader, vacancyId, 15)).status).toBe(201);
  });

  test('a group larger than the free positions is refused (409 NO_FREE_POSITIONS)', async () => {
    const { vacancyId } = await t.vacancy({ positions: 4 });
    const leader = await t.worker({ groupLeader: true, groupSize: 10 });
    const res = await t.apply(leader, vacancyId, 5);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('APPLICATION.NO_FREE_POSITIONS');
  });

  test.each([
    [{}, 'vacancyId'],
    [{ vacancyId: 'not-a-uuid' }, 'vacancyId'],
    [{ vacancyId: '6ba7b810-9dad-11d1-80b4-00c04fd430c8' }, 'vacancyId'], // v1, not v4
    [{ vacancyId: '0b7f8c5e-2f4a-4c1e-9d3b-1a2b3c4d5e6f', peopleCount: -1 }, 'peopleCount'],
    [{ vacancyId: '0b7f8c5e-2f4a-4c1e-9d3b-1a2b3c4d5e6f', peopleCount: 2.5 }, 'peopleCount'],
    [{ vacancyId: '0b7f8c5e-2f4a-4c1e-9d3b-1a2b3c4d5e6f', peopleCount: 201 }, 'peopleCount'],
  ])('bad input %j answers 400 naming %s', async (body, field) => {
    const w = await t.worker();
    const res = await t.client.post('/applications/create', body, w.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  test('a malformed JSON body answers 400, never 500', async () => {
    const w = await t.worker();
    const res = await t.client.request('POST', '/applications/create', {
      raw: '{"vacancyId":',
      headers: w.auth,
    });
    expect(res.status).toBe(400);
  });
});

describe('applying while the replica of the vacancy lags', () => {
  test('a vacancy whose start date has passed is refused by our own clock, though the replica still says Open', async () => {
    const { vacancyId } = await t.vacancy({ startDate: t.daysAfterToday(-1) });
    const w = await t.worker();
    const res = await t.apply(w, vacancyId);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('APPLICATION.VACANCY_NOT_OPEN');
    expect(await t.store.applications.find({ vacancyId })).toEqual([]);

    const startsToday = await t.vacancy({ startDate: t.daysAfterToday(0) });
    expect((await t.apply(w, startsToday.vacancyId)).status).toBe(201);
  });

  test('an application let in before the Closed event arrived is closed by it, and the worker is named for a notice', async () => {
    const { vacancyId } = await t.vacancy();
    const early = await t.worker();
    const late = await t.worker();
    const earlyId = (await t.apply(early, vacancyId)).body.id;
    // The vacancy service closes the vacancy now; its event reaches this service only later.
    const closedAt = VacancyStatusChanged.create(vacancyId, { vacancyId, from: 'Open', to: 'Closed' });
    t.deps.clock.advance(1000);
    const lateRes = await t.apply(late, vacancyId);
    expect(lateRes.status).toBe(201);

    await t.publish(topics.vacancy, closedAt);
    const closing = await eventually(async () =>
      t.eventsOf('ApplicationsClosed').find((e) => (e.data as { vacancyId: string }).vacancyId === vacancyId),
    );
    expect(closing.data).toMatchObject({
      applicationIds: [lateRes.body.id],
      reason: 'VacancyNotOpen',
      workerIds: [late.id],
    });
    expect((await t.store.applications.findOne({ _id: lateRes.body.id }))?.status).toBe('Closed');
    expect((await t.store.applications.findOne({ _id: earlyId }))?.status).toBe('Pending');

    // A redelivered event closes nothing more and says nothing twice.
    await t.publish(topics.vacancy, closedAt);
    expect(
      t
        .eventsOf('ApplicationsClosed')
        .filter((e) => (e.data as { vacancyId: string }).vacancyId === vacancyId),
    ).toHaveLength(1);
  });
});
