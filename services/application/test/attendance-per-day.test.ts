import { testToken } from '@moba/platform/testing';
import { ProfileUpdated, topics, type DayRoster } from '@moba/contracts';
import { startApplication, until, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

const DAY_MS = 86_400_000;
const ownerSession = (estateId: string) => testToken('Estate', { id: estateId });

/**
 * A moba that started two days ago and lasts six days, with a leader who applied bringing 3 people
 * as a number (4 heads) and a solo worker, both accepted.
 */
async function startedMoba() {
  // Applied and accepted before the start; then the service's clock moves two days on.
  const { vacancyId, estateId } = await t.vacancy({
    positions: 10,
    startDate: t.daysAfterToday(1),
    endDate: t.daysAfterToday(6),
  });
  const admin = await t.admin();
  const leader = await t.worker({ groupLeader: true, groupSize: 5, fullName: 'Dragan Petrović' });
  const crewApplication = (await t.apply(leader, vacancyId, 3)).body.id as string;
  const solo = await t.worker({ gender: 'female' });
  const soloApplication = (await t.apply(solo, vacancyId)).body.id as string;
  for (const id of [crewApplication, soloApplication])
    expect((await t.client.post(`/admin/applications/${id}/accept`, undefined, admin.auth)).status).toBe(200);
  t.deps.clock.advance(3 * DAY_MS);
  return {
    vacancyId,
    estateId,
    leader,
    solo,
    crewApplication,
    soloApplication,
    owner: await ownerSession(estateId),
  };
}

const days = {
  first: () => t.daysAfterToday(-2),
  second: () => t.daysAfterToday(-1),
  today: () => t.daysAfterToday(0),
};

describe('the roster lists every head with its marks per work day', () => {
  test("a crew applied as a number shows numbered rows under its leader; a worker's gender comes from the profile", async () => {
    const m = await startedMoba();
    const res = await t.client.get(`/estates/vacancies/${m.vacancyId}/roster`, m.owner.auth);
    expect(res.status).toBe(200);
    const roster = res.body as DayRoster;
    expect(roster.heads).toBe(5);
    expect(roster.today).toBe(days.today());
    expect(roster.day).toBe(days.today());
    expect(roster.days.map((d) => [d.day, d.open, d.heads])).toEqual([
      [days.first(), true, 5],
      [days.second(), true, 5],
      [days.today(), true, 5],
      [t.daysAfterToday(1), false, 5],
      [t.daysAfterToday(2), false, 5],
      [t.daysAfterToday(3), false, 5],
    ]);
    expect(roster.rows).toEqual([
      expect.objectContaining({
        personId: m.crewApplication,
        role: 'Leader',
        number: 1,
        name: 'Dragan Petrović',
      }),
      expect.objectContaining({
        personId: `${m.crewApplication}:2`,
        role: 'Unnamed',
        number: 2,
        name: '',
        leaderName: 'Dragan Petrović',
        phone: null,
        gender: null,
        marks: {},
      }),
      expect.objectContaining({ personId: `${m.crewApplication}:3`, role: 'Unnamed', number: 3 }),
      expect.objectContaining({ personId: `${m.crewApplication}:4`, role: 'Unnamed', number: 4 }),
      expect.objectContaining({
        personId: m.soloApplication,
        role: 'Worker',
        gender: 'female',
        phone: '+381641234567',
      }),
    ]);
    // The crew roster's shape stays: the unnamed people are a count on their leader.
    expect(roster.people[0]).toMatchObject({ personId: m.crewApplication, unnamed: 3 });
  });

  test('marks are kept per day and per head; show-up figures count heads per day', async () => {
    const m = await startedMoba();
    const mark = (day: string, marks: [string, 'Came' | 'DidNotCome'][]) =>
      t.client.post(
        `/estates/vacancies/${m.vacancyId}/attendance`,
        { day, marks: marks.map(([personId, attendance]) => ({ personId, attendance })) },
        m.owner.auth,
      );
    const first = await mark(days.first(), [
      [m.crewApplication, 'Came'],
      [`${m.crewApplication}:2`, 'Came'],
      [`${m.crewApplication}:3`, 'DidNotCome'],
      [m.soloApplication, 'Came'],
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ day: days.first(), came: 3 });
    const second = await mark(days.second(), [
      [m.crewApplication, 'Came'],
      [`${m.crewApplication}:3`, 'Came'],
      [m.soloApplication, 'DidNotCome'],
    ]);
    expect(second.status).toBe(200);
    const roster = second.body as DayRoster;
    expect(roster.day).toBe(days.second());
    expect(roster.came).toBe(2);
    expect(roster.days.slice(0, 3).map(({ came, didNotCome }) => [came, didNotCome])).toEqual([
      [3, 1],
      [2, 1],
      [0, 0],
    ]);
    const marksOf = (personId: string) => roster.rows.find((row) => row.personId === personId)!.marks;
    expect(marksOf(`${m.crewApplication}:3`)).toEqual({
      [days.first()]: 'DidNotCome',
      [days.second()]: 'Came',
    });
    expect(marksOf(m.soloApplication)).toEqual({ [days.first()]: 'Came', [days.second()]: 'DidNotCome' });

    // The application's event carries the day, the heads per day and each named person's days.
    await until(() =>
      expect(t.eventsOf('AttendanceMarked').filter((e) => e.key === m.crewApplication)).toHaveLength(2),
    );
    const last = t.eventsOf('AttendanceMarked').filter((e) => e.key === m.crewApplication)[1]!;
    expect(last.data).toMatchObject({
      heads: 4,
      came: 3, // the leader, person 2 (day 1) and person 3 (day 2)
      day: days.second(),
      days: [
        { day: days.first(), came: 2, didNotCome: 1 },
        { day: days.second(), came: 2, didNotCome: 0 },
      ],
      people: [
        {
          personId: m.crewApplication,
          attendance: 'Came',
          byDay: { [days.first()]: 'Came', [days.second()]: 'Came' },
        },
      ],
    });
    // The solo worker came on the first day, not on the second: came, but did not stay.
    await until(() =>
      expect(
        t
          .eventsOf('WorkerAttendanceRecorded')
          .filter((e) => (e.data as { workerId: string }).workerId === m.solo.id)
          .map((e) => e.data),
      ).toEqual([
        expect.objectContaining({ came: true, stayed: true }),
        expect.objectContaining({ came: true, stayed: false }),
      ]),
    );
  });

  test('without a day, marks go to the latest work day that has come (today)', async () => {
    const m = await startedMoba();
    const res = await t.client.post(
      `/estates/vacancies/${m.vacancyId}/attendance`,
      { marks: [{ personId: m.soloApplication, attendance: 'Came' }] },
      m.owner.auth,
    );
    expect(res.status).toBe(200);
    const application = await t.store.applications.findOne({ _id: m.soloApplication });
    expect(application!.attendanceByDay).toEqual({ [days.today()]: { [m.soloApplication]: 'Came' } });
  });
});

describe('marks are refused, writing nothing, for a day or head the moba does not have', () => {
  const refused = async (
    m: Awaited<ReturnType<typeof startedMoba>>,
    body: unknown,
    status: number,
    code: string,
    field: string,
  ) => {
    const res = await t.client.post(`/estates/vacancies/${m.vacancyId}/attendance`, body, m.owner.auth);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    for (const id of [m.crewApplication, m.soloApplication]) {
      const doc = await t.store.applications.findOne({ _id: id });
      expect(doc!.attendanceByDay).toBeUndefined();
      expect(doc!.attendanceVersion).toBeUndefined();
    }
  };

  test('a day that has not come yet: 400 naming day', async () => {
    const m = await startedMoba();
    await refused(
      m,
      { day: t.daysAfterToday(1), marks: [{ personId: m.soloApplication, attendance: 'Came' }] },
      400,
      'APPLICATION.DAY_NOT_YET',
      'day',
    );
  });

  test('a day that is not a work day of the moba: 400 naming day', async () => {
    const m = await startedMoba();
    await refused(
      m,
      { day: t.daysAfterToday(-3), marks: [{ personId: m.soloApplication, attendance: 'Came' }] },
      400,
      'APPLICATION.NOT_A_WORK_DAY',
      'day',
    );
  });

  test('a malformed day or mark: 400 naming the field', async () => {
    const m = await startedMoba();
    await refused(
      m,
      { day: '2026-13-40', marks: [{ personId: m.soloApplication, attendance: 'Came' }] },
      400,
      'VALIDATION',
      'day',
    );
    await refused(
      m,
      { marks: [{ personId: 'person-3', attendance: 'Came' }] },
      400,
      'VALIDATION',
      'marks.0.personId',
    );
    await refused(
      m,
      { marks: [{ personId: m.soloApplication, attendance: 'Maybe' }] },
      400,
      'VALIDATION',
      'marks.0.attendance',
    );
  });

  test('a numbered person the crew does not have, even next to good marks: 400 naming the mark', async () => {
    const m = await startedMoba();
    await refused(
      m,
      {
        marks: [
          { personId: m.soloApplication, attendance: 'Came' },
          { personId: `${m.crewApplication}:5`, attendance: 'Came' },
        ],
      },
      400,
      'APPLICATION.NOT_ON_ROSTER',
      'marks.1.personId',
    );
  });
});

describe('documents from before attendance per day', () => {
  test("the one old attendance map reads as the first work day's marks and is kept when another day is marked", async () => {
    const m = await startedMoba();
    await t.store.applications.updateOne(
      { _id: m.crewApplication },
      { $set: { attendance: { [m.crewApplication]: 'Came' }, attendanceVersion: 1 } },
    );
    const before = (await t.client.get(`/estates/vacancies/${m.vacancyId}/roster`, m.owner.auth))
      .body as DayRoster;
    expect(before.rows[0]!.marks).toEqual({ [days.first()]: 'Came' });
    expect(before.days[0]).toMatchObject({ came: 1, didNotCome: 0 });

    const res = await t.client.post(
      `/estates/vacancies/${m.vacancyId}/attendance`,
      { day: days.second(), marks: [{ personId: m.crewApplication, attendance: 'DidNotCome' }] },
      m.owner.auth,
    );
    expect(res.status).toBe(200);
    expect((res.body as DayRoster).rows[0]!.marks).toEqual({
      [days.first()]: 'Came',
      [days.second()]: 'DidNotCome',
    });
    expect((await t.store.applications.findOne({ _id: m.crewApplication }))!.attendanceVersion).toBe(2);
  });
});

describe('gender on the roster', () => {
  test('a profile change with a gender reaches the roster; without one, the last known stays', async () => {
    const m = await startedMoba();
    await t.publish(
      topics.auth,
      ProfileUpdated.create(m.leader.id, {
        userId: m.leader.id,
        role: 'Worker',
        fullName: 'Dragan Petrović',
        phone: '+381641234567',
        municipality: 'Subotica',
        groupLeader: true,
        groupSize: 5,
        gender: 'male',
      }),
    );
    await until(async () =>
      expect((await t.store.workers.findOne({ _id: m.leader.id }))!.gender).toBe('male'),
    );
    await t.profileUpdated(m.leader.id, { groupLeader: true, groupSize: 5, fullName: 'Dragan P.' });
    await until(async () =>
      expect((await t.store.workers.findOne({ _id: m.leader.id }))!.fullName).toBe('Dragan P.'),
    );
    const roster = (await t.client.get(`/estates/vacancies/${m.vacancyId}/roster`, m.owner.auth))
      .body as DayRoster;
    expect(roster.rows[0]).toMatchObject({ role: 'Leader', name: 'Dragan P.', gender: 'male' });
  });
});

describe('a no-show counts in the worker reliability figure', () => {
  test('the applicant marked "did not come" on two days counts two no-shows, a repeated mark none more', async () => {
    const m = await startedMoba();
    const mark = (day: string) =>
      t.client.post(
        `/estates/vacancies/${m.vacancyId}/attendance`,
        { day, marks: [{ personId: m.soloApplication, attendance: 'DidNotCome' }] },
        m.owner.auth,
      );
    expect((await mark(days.first())).status).toBe(200);
    expect((await mark(days.second())).status).toBe(200);
    // Correcting to "came" and back on the same day counts that day's no-show once.
    await t.client.post(
      `/estates/vacancies/${m.vacancyId}/attendance`,
      { day: days.second(), marks: [{ personId: m.soloApplication, attendance: 'Came' }] },
      m.owner.auth,
    );
    expect((await mark(days.second())).status).toBe(200);
    const reliability = await t.client.get('/workers/me/reliability', m.solo.auth);
    expect(reliability.status).toBe(200);
    expect(reliability.body.noShows).toBe(2);
    const crewMemberOnly = await t.client.post(
      `/estates/vacancies/${m.vacancyId}/attendance`,
      { day: days.first(), marks: [{ personId: `${m.crewApplication}:2`, attendance: 'DidNotCome' }] },
      m.owner.auth,
    );
    expect(crewMemberOnly.status).toBe(200);
    expect((await t.client.get('/workers/me/reliability', m.leader.auth)).body.noShows).toBe(0);

    // The estate corrects the first day to "came": the figure follows the attendance at once.
    await t.client.post(
      `/estates/vacancies/${m.vacancyId}/attendance`,
      { day: days.first(), marks: [{ personId: m.soloApplication, attendance: 'Came' }] },
      m.owner.auth,
    );
    expect((await t.client.get('/workers/me/reliability', m.solo.auth)).body.noShows).toBe(1);
  });
});
