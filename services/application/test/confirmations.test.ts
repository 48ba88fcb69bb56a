import { createOutboxRelay } from '@moba/platform';
import { eventually, startForTest } from '@moba/platform/testing';
import { SmsConfirmationReceived, topics } from '@moba/contracts';
import { startApplication, type TestApp } from './helpers';
import { createService } from '../src/service';
import { loadApplicationConfig } from '../src/config';
import { sweepConfirmations } from '../src/ask-confirmations/ask-confirmations';
import { localInstant } from '../src/domain/work-days';
import type { AppContext } from '../src/context';

/**
 * Confirmations (issue #31 point 3): the sweep asks every accepted application once per stretch of
 * work days at the estate's hour on the day before, the worker answers (in the app or by SMS), the
 * deadline frees or flags an unanswered place, and the estate's board counts heads.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApplication({ env: { CONFIRMATION_SWEEP_INTERVAL_MS: '20' } });
});
afterAll(() => t.stop());

/** Another sweeper on the same store (as a second instance would be); its events go out through its own relay. */
function sweeper(): AppContext {
  const relay = createOutboxRelay({
    bus: t.deps.bus,
    collections: [t.store.confirmations, t.store.applications] as never,
    logger: t.deps.logger,
    clock: t.deps.clock,
  });
  return {
    store: t.store,
    clock: t.deps.clock,
    logger: t.deps.logger,
    relay,
    crewLimits: { savesPerDay: 5, newPhonesPerDay: 5 },
  };
}

let offset = 0;
/**
 * A moba starting some weeks from now (each test its own dates), with `solo` accepted solo workers
 * and, when asked, a leader accepted with `crew` people (positions 1 + crew).
 */
async function acceptedMoba(
  options: { solo?: number; crew?: number; days?: number; positions?: number } = {},
) {
  offset += 5;
  t.deps.clock.set(new Date());
  const estate = await t.estate();
  const startDate = t.daysAfterToday(40 + offset);
  const endDate = t.daysAfterToday(40 + offset + (options.days ?? 3) - 1);
  const { vacancyId } = await t.vacancy({
    estateId: estate.id,
    startDate,
    endDate,
    positions: options.positions ?? 20,
  });
  const admin = await t.admin();
  const accept = async (session: Awaited<ReturnType<TestApp['worker']>>, peopleCount?: number) => {
    const applied = await t.apply(session, vacancyId, peopleCount);
    expect(applied.status).toBe(201);
    const res = await t.client.post(`/admin/applications/${applied.body.id}/accept`, {}, admin.auth);
    expect(res.status).toBe(200);
    return { session, applicationId: applied.body.id as string };
  };
  const solos = [];
  for (let i = 0; i < (options.solo ?? 1); i++) solos.push(await accept(await t.worker()));
  const leader = options.crew
    ? await accept(await t.worker({ groupLeader: true, groupSize: options.crew }), options.crew)
    : undefined;
  const pending = await t.apply(await t.worker(), vacancyId);
  return {
    estate,
    vacancyId,
    startDate,
    endDate,
    solos,
    leader,
    pendingId: pending.body.id as string,
    admin,
  };
}

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** Moves the service's clock to a Belgrade wall-clock time of a day. */
const setClock = (day: string, time: string) => t.deps.clock.set(localInstant(day, time));
const confirmationsOf = (vacancyId: string) => t.store.confirmations.find({ vacancyId });
const requestsFor = (vacancyId: string) =>
  t
    .eventsOf('ConfirmationRequested')
    .filter((e) => (e.data as { vacancyId: string }).vacancyId === vacancyId);
const answersFor = (vacancyId: string) =>
  t.eventsOf('ConfirmationAnswered').filter((e) => (e.data as { vacancyId: string }).vacancyId === vacancyId);
const answer = (session: { auth: Record<string, string> }, applicationId: string, body: unknown) =>
  t.client.post(`/workers/applications/${applicationId}/confirmation`, body, session.auth);

/** Asks the moba's first stretch at 18:00 the evening before and waits for the requests to go out. */
async function asked(moba: Awaited<ReturnType<typeof acceptedMoba>>) {
  setClock(dayBefore(moba.startDate), '18:00');
  const expected = moba.solos.length + (moba.leader ? 1 : 0);
  await eventually(async () => requestsFor(moba.vacancyId).length === expected, 'the requests');
}

describe('the sweep asks at the estate hour, once per application and stretch', () => {
  test('before 18:00 nobody is asked; from 18:00 every accepted solo worker and crew leader is asked once, pending ones never', async () => {
    const moba = await acceptedMoba({ solo: 2, crew: 3 });
    setClock(dayBefore(moba.startDate), '17:59');
    expect(await sweepConfirmations(sweeper())).toMatchObject({ asked: 0 });
    expect(await confirmationsOf(moba.vacancyId)).toHaveLength(0);

    await asked(moba);
    const docs = await confirmationsOf(moba.vacancyId);
    expect(docs).toHaveLength(3);
    expect(docs.every((c) => c.state === 'Asked' && c.stretchStart === moba.startDate)).toBe(true);
    expect(docs.map((c) => c.applicationId)).not.toContain(moba.pendingId);
    const leaderDoc = docs.find((c) => c.applicationId === moba.leader!.applicationId)!;
    expect(leaderDoc).toMatchObject({
      headsAccepted: 4,
      _id: `${moba.leader!.applicationId}:${moba.startDate}`,
    });
    expect(leaderDoc.deadline).toBe(localInstant(dayBefore(moba.startDate), '21:00').toISOString());
    const request = requestsFor(moba.vacancyId).find(
      (e) => (e.data as { applicationId: string }).applicationId === moba.leader!.applicationId,
    )!;
    expect(request.data).toMatchObject({ workerId: moba.leader!.session.id, heads: 4, day: moba.startDate });

    // More runs, later the same evening: nothing is asked again.
    setClock(dayBefore(moba.startDate), '18:30');
    expect(await sweepConfirmations(sweeper())).toMatchObject({ asked: 0 });
    expect(await confirmationsOf(moba.vacancyId)).toHaveLength(3);
  });

  test('two instances racing, and one restarted, still ask each application exactly once', async () => {
    const moba = await acceptedMoba({ solo: 6 });
    setClock(dayBefore(moba.startDate), '18:05');
    const second = await createService({
      ...t.deps,
      config: loadApplicationConfig({ PORT: '0', LOG_LEVEL: 'silent', CONFIRMATION_SWEEP_INTERVAL_MS: '20' }),
    });
    const running = await startForTest(second);
    const results = await Promise.all([sweepConfirmations(sweeper()), sweepConfirmations(sweeper())]);
    await eventually(async () => requestsFor(moba.vacancyId).length >= 6, 'the requests');
    await running.stop();
    // A restarted instance sweeps the same evening again.
    const restarted = await startForTest(
      await createService({
        ...t.deps,
        config: loadApplicationConfig({
          PORT: '0',
          LOG_LEVEL: 'silent',
          CONFIRMATION_SWEEP_INTERVAL_MS: '20',
        }),
      }),
    );
    expect(await sweepConfirmations(sweeper())).toMatchObject({ asked: 0 });
    await restarted.stop();
    expect(results.reduce((n, r) => n + r.asked, 0)).toBeLessThanOrEqual(6);
    expect(await confirmationsOf(moba.vacancyId)).toHaveLength(6);
    const ids = requestsFor(moba.vacancyId).map((e) => (e.data as { confirmationId: string }).confirmationId);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
  });

  test('after a pause in the work days, the next stretch is asked the evening before it', async () => {
    const moba = await acceptedMoba({ solo: 1, days: 5 });
    const days = [0, 1, 3, 4].map((n) =>
      new Date(Date.parse(`${moba.startDate}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10),
    );
    await t.store.vacancies.updateOne(
      { _id: moba.vacancyId },
      { $set: { workDays: days, workDaysVersion: 1 } },
    );
    await asked(moba);
    // The second day is inside the first stretch: not asked the evening before it.
    setClock(days[0]!, '18:10');
    expect(await sweepConfirmations(sweeper())).toMatchObject({ asked: 0 });
    setClock(dayBefore(days[2]!), '18:10');
    await eventually(async () => (await confirmationsOf(moba.vacancyId)).length === 2, 'the second stretch');
    const second = (await confirmationsOf(moba.vacancyId)).find((c) => c.stretchStart === days[2]);
    expect(second?.days).toEqual([days[2], days[3]]);
  });
});

describe('answers in the app', () => {
  test('"Dolazim" confirms every head; a second answer is refused with 409 and changes nothing', async () => {
    const moba = await acceptedMoba({ solo: 1 });
    await asked(moba);
    const { session, applicationId } = moba.solos[0]!;
    const res = await answer(session, applicationId, { answer: 'yes' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'Confirmed', headsConfirmed: 1, channel: 'app' });
    const again = await answer(session, applicationId, { answer: 'no' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('APPLICATION.CONFIRMATION_ANSWERED');
    expect((await t.store.applications.findOne({ _id: applicationId }))?.status).toBe('Accepted');
    await eventually(async () => answersFor(moba.vacancyId).length === 1, 'one answer event');
    expect(answersFor(moba.vacancyId)[0]!.data).toMatchObject({ answer: 'yes', heads: 1, channel: 'app' });
  });

  test('a leader confirming fewer heads keeps those; the rest are given back (fewer-heads)', async () => {
    const moba = await acceptedMoba({ solo: 0, crew: 3, positions: 10 });
    await asked(moba);
    const { session, applicationId } = moba.leader!;
    const tooMany = await answer(session, applicationId, { answer: 'yes', heads: 5 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details[0].field).toBe('heads');
    const res = await answer(session, applicationId, { answer: 'yes', heads: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'Confirmed', headsAccepted: 4, headsConfirmed: 2 });
    const application = await t.store.applications.findOne({ _id: applicationId });
    expect(application).toMatchObject({ status: 'Accepted', positions: 2 });
    const vacancy = await t.store.vacancies.findOne({ _id: moba.vacancyId });
    expect(vacancy?.claims[applicationId]).toBe(2);
    expect(vacancy?.freePositions).toBe(8);
    await eventually(
      async () =>
        t
          .eventsOf('PlacesReleased')
          .find((e) => (e.data as { applicationId: string }).applicationId === applicationId),
      'PlacesReleased',
    );
    const released = t
      .eventsOf('PlacesReleased')
      .filter((e) => (e.data as { applicationId: string }).applicationId === applicationId);
    expect(released.map((e) => e.data)).toEqual([
      expect.objectContaining({ heads: 2, reason: 'fewer-heads' }),
    ]);
  });

  test('"Ne mogu" gives the whole place back: the application is Cancelled (declined)', async () => {
    const moba = await acceptedMoba({ solo: 1, positions: 5 });
    await asked(moba);
    const { session, applicationId } = moba.solos[0]!;
    const res = await answer(session, applicationId, { answer: 'no' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'Declined', headsConfirmed: 0 });
    expect(await t.store.applications.findOne({ _id: applicationId })).toMatchObject({
      status: 'Cancelled',
      cancellation: expect.objectContaining({ reason: 'declined' }),
    });
    expect((await t.store.vacancies.findOne({ _id: moba.vacancyId }))?.freePositions).toBe(5);
  });

  test('bad input answers 400 naming the field and writes nothing; nothing asked yet answers 404', async () => {
    const moba = await acceptedMoba({ solo: 1 });
    const { session, applicationId } = moba.solos[0]!;
    const notAsked = await answer(session, applicationId, { answer: 'yes' });
    expect(notAsked.status).toBe(404);
    expect(notAsked.body.error.code).toBe('APPLICATION.CONFIRMATION_NOT_ASKED');
    await asked(moba);
    for (const [body, field] of [
      [{ answer: 'maybe' }, 'answer'],
      [{ answer: 'no', heads: 1 }, 'heads'],
      [{ answer: 'yes', heads: 0 }, 'heads'],
      [{ answer: 'yes', heads: 1.5 }, 'heads'],
    ] as const) {
      const res = await answer(session, applicationId, body);
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await t.store.confirmations.findOne({ applicationId }))?.state).toBe('Asked');
  });

  test('after the deadline an answer is refused clearly (CONFIRMATION_CLOSED)', async () => {
    const moba = await acceptedMoba({ solo: 1 });
    await asked(moba);
    setClock(dayBefore(moba.startDate), '21:00');
    const { session, applicationId } = moba.solos[0]!;
    const res = await answer(session, applicationId, { answer: 'yes' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('APPLICATION.CONFIRMATION_CLOSED');
  });

  test('My mobas carries the open confirmation, and the answer after it', async () => {
    const moba = await acceptedMoba({ solo: 1 });
    const { session, applicationId } = moba.solos[0]!;
    const before = await t.client.get('/workers/vacancies/my/active', session.auth);
    expect(before.body.find((v: { id: string }) => v.id === moba.vacancyId).confirmation).toBeUndefined();
    await asked(moba);
    const open = await t.client.get('/workers/vacancies/my/active', session.auth);
    expect(open.body.find((v: { id: string }) => v.id === moba.vacancyId).confirmation).toMatchObject({
      id: `${applicationId}:${moba.startDate}`,
      state: 'Asked',
      headsAccepted: 1,
    });
    await answer(session, applicationId, { answer: 'yes' });
    const after = await t.client.get('/workers/vacancies/my/active', session.auth);
    expect(after.body.find((v: { id: string }) => v.id === moba.vacancyId).confirmation.state).toBe(
      'Confirmed',
    );
  });
});

describe('the deadline', () => {
  test("under 'flag' (the default) an unanswered place stays, marked; under 'free' it is given back", async () => {
    const flag = await acceptedMoba({ solo: 1, positions: 5 });
    const free = await acceptedMoba({ solo: 1, positions: 5 });
    await t.store.vacancies.updateOne(
      { _id: free.vacancyId },
      {
        $set: {
          dayOfWork: {
            meeting: null,
            confirmation: { askAt: '17:00', deadlineAt: '20:00', unanswered: 'free' },
            setAt: new Date().toISOString(),
          },
        },
      },
    );
    await asked(flag);
    setClock(dayBefore(free.startDate), '17:00');
    await eventually(async () => requestsFor(free.vacancyId).length === 1, 'the 17:00 request');
    expect((await confirmationsOf(free.vacancyId))[0]!.deadline).toBe(
      localInstant(dayBefore(free.startDate), '20:00').toISOString(),
    );

    setClock(dayBefore(flag.startDate), '21:01');
    await eventually(
      async () => (await confirmationsOf(flag.vacancyId))[0]?.state === 'Unanswered',
      'flag deadline',
    );
    expect((await confirmationsOf(flag.vacancyId))[0]).toMatchObject({ flagged: true, channel: 'deadline' });
    expect((await t.store.applications.findOne({ _id: flag.solos[0]!.applicationId }))?.status).toBe(
      'Accepted',
    );

    setClock(dayBefore(free.startDate), '20:00');
    await eventually(
      async () =>
        (await t.store.applications.findOne({ _id: free.solos[0]!.applicationId }))?.status === 'Cancelled',
      'the free place given back',
    );
    expect((await confirmationsOf(free.vacancyId))[0]).toMatchObject({ state: 'Unanswered', flagged: false });
    expect((await t.store.vacancies.findOne({ _id: free.vacancyId }))?.freePositions).toBe(5);
    await eventually(async () => answersFor(free.vacancyId).length === 1, 'the unanswered event');
    expect(answersFor(free.vacancyId)[0]!.data).toMatchObject({
      answer: 'unanswered',
      channel: 'deadline',
      heads: 0,
    });
    const released = t
      .eventsOf('PlacesReleased')
      .filter((e) => (e.data as { applicationId: string }).applicationId === free.solos[0]!.applicationId);
    // A place freed for want of an answer is not a late cancellation: the worker did not cancel, and
    // may not have seen the request (the rule in @moba/contracts counts only cancellations and removals).
    expect(released.map((e) => e.data)).toEqual([
      expect.objectContaining({ reason: 'unanswered', late: false }),
    ]);
  });
});

describe('answers by SMS (SmsConfirmationReceived)', () => {
  const sms = (workerId: string, answer: 'yes' | 'no', heads?: number) =>
    SmsConfirmationReceived.create(workerId, {
      messageId: crypto.randomUUID(),
      workerId,
      answer,
      ...(heads ? { heads } : {}),
      receivedAt: new Date().toISOString(),
    });

  test('a reply answers the open confirmation once, delivered twice', async () => {
    const moba = await acceptedMoba({ solo: 0, crew: 4 });
    await asked(moba);
    const event = sms(moba.leader!.session.id, 'yes', 3);
    await t.publish(topics.notification, event);
    await t.publish(topics.notification, event);
    await eventually(
      async () =>
        (await t.store.confirmations.findOne({ applicationId: moba.leader!.applicationId }))?.state ===
        'Confirmed',
      'confirmed by SMS',
    );
    expect(await t.store.confirmations.findOne({ applicationId: moba.leader!.applicationId })).toMatchObject({
      channel: 'sms',
      headsConfirmed: 3,
    });
    await eventually(async () => answersFor(moba.vacancyId).length === 1, 'one answer');
    expect((await t.store.applications.findOne({ _id: moba.leader!.applicationId }))?.positions).toBe(3);
  });

  test('with two mobas asking at once, the reply answers the one whose deadline is nearest', async () => {
    const worker = await t.worker();
    const admin = await t.admin();
    const startDate = t.daysAfterToday(200);
    const early = await t.vacancy({ startDate });
    const late = await t.vacancy({ startDate });
    await t.store.vacancies.updateOne(
      { _id: late.vacancyId },
      {
        $set: {
          dayOfWork: {
            meeting: null,
            confirmation: { askAt: '18:00', deadlineAt: '22:00', unanswered: 'flag' },
            setAt: new Date().toISOString(),
          },
        },
      },
    );
    for (const { vacancyId } of [late, early]) {
      const applied = await t.apply(worker, vacancyId);
      await t.client.post(`/admin/applications/${applied.body.id}/accept`, {}, admin.auth);
    }
    setClock(dayBefore(startDate), '18:00');
    await eventually(
      async () => (await t.store.confirmations.find({ workerId: worker.id })).length === 2,
      'both asked',
    );
    await t.publish(topics.notification, sms(worker.id, 'no'));
    await eventually(
      async () =>
        (await t.store.confirmations.findOne({ workerId: worker.id, vacancyId: early.vacancyId }))?.state ===
        'Declined',
      'the nearer deadline declined',
    );
    expect(
      (await t.store.confirmations.findOne({ workerId: worker.id, vacancyId: late.vacancyId }))?.state,
    ).toBe('Asked');
  });
});

describe("the estate's day board", () => {
  test('per work day: rows with states and the totals in heads', async () => {
    const moba = await acceptedMoba({ solo: 2, crew: 3 });
    const board = (day?: string, session = moba.estate) =>
      t.client.get(`/estates/vacancies/${moba.vacancyId}/board${day ? `?day=${day}` : ''}`, session.auth);
    const before = await board(moba.startDate);
    expect(before.status).toBe(200);
    expect(before.body.totals).toEqual({ accepted: 6, confirmed: 0, declined: 0, noAnswer: 0, notAsked: 6 });
    expect(before.body.workDays).toHaveLength(3);

    await asked(moba);
    await answer(moba.leader!.session, moba.leader!.applicationId, { answer: 'yes', heads: 3 });
    await answer(moba.solos[0]!.session, moba.solos[0]!.applicationId, { answer: 'no' });
    const res = await board(moba.startDate);
    expect(res.body.totals).toEqual({ accepted: 6, confirmed: 3, declined: 2, noAnswer: 1, notAsked: 0 });
    expect(res.body.rows).toHaveLength(3);
    expect(
      res.body.rows.find((r: { applicationId: string }) => r.applicationId === moba.solos[0]!.applicationId),
    ).toMatchObject({
      state: 'Declined',
      headsAccepted: 1,
    });
    // The stretch's second day shows the same confirmations; an admin sees it too.
    const second = await board(before.body.workDays[1], await t.admin());
    expect(second.body.totals).toEqual(res.body.totals);
    const notAWorkDay = await board(dayBefore(moba.startDate));
    expect(notAWorkDay.status).toBe(400);
    expect(notAWorkDay.body.error.details[0].field).toBe('day');
    const badDay = await board('tomorrow');
    expect(badDay.status).toBe(400);
  });
});
