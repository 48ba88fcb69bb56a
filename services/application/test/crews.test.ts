import { testToken } from '@moba/platform/testing';
import type { AdminActionRecordedData, Crew } from '@moba/contracts';
import { startApplication, until, type TestApp } from './helpers';
import { recountStats, readStats } from '../src/stats/stats';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

type Session = Awaited<ReturnType<TestApp['worker']>>;

const names = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ name: `Član ${from + i + 1}` }));

async function leaderWithCrew(size = 6): Promise<{ leader: Session; crew: Crew }> {
  const leader = await t.worker({ groupLeader: true, groupSize: 10 });
  const res = await t.client.put('/workers/me/crew', { members: names(size) }, leader.auth);
  expect(res.status).toBe(200);
  return { leader, crew: res.body as Crew };
}

async function crewApplication(options: { positions?: number; pick?: number; startDate?: string } = {}) {
  const { vacancyId, estateId } = await t.vacancy({
    positions: options.positions ?? 20,
    ...(options.startDate ? { startDate: options.startDate } : {}),
  });
  const { leader, crew } = await leaderWithCrew(6);
  const memberIds = crew.members.slice(0, options.pick ?? 4).map((m) => m.id);
  const res = await t.client.post('/applications/create', { vacancyId, memberIds }, leader.auth);
  expect(res.status).toBe(201);
  return { vacancyId, estateId, leader, crew, memberIds, applicationId: res.body.id as string };
}

const free = async (vacancyId: string) =>
  (await t.store.vacancies.findOne({ _id: vacancyId }))!.freePositions;

describe('a leader keeps a crew on their profile', () => {
  test('a group leader saves named members; ids stay when the crew is saved again', async () => {
    const leader = await t.worker({ groupLeader: true });
    expect((await t.client.get('/workers/me/crew', leader.auth)).body).toEqual({
      leaderId: leader.id,
      members: [],
      updatedAt: null,
    });
    const first = await t.client.put(
      '/workers/me/crew',
      {
        members: [{ name: 'Marko Marković', phone: '064 111 2233', birthYear: 1990 }, ...names(4)],
      },
      leader.auth,
    );
    expect(first.status).toBe(200);
    expect(first.body.members[0]).toMatchObject({
      name: 'Marko Marković',
      phone: '+381641112233',
      birthYear: 1990,
      link: 'invited',
    });
    const kept = first.body.members[0].id as string;
    const again = await t.client.put(
      '/workers/me/crew',
      { members: [{ id: kept, name: 'Marko M.' }, ...names(5, 10)] },
      leader.auth,
    );
    expect(again.body.members[0]).toMatchObject({ id: kept, name: 'Marko M.', phone: null });
    expect((await t.client.get('/workers/me/crew', leader.auth)).body.members).toHaveLength(6);
    await until(() => expect(t.eventsOf('CrewUpdated').filter((e) => e.key === leader.id)).toHaveLength(2));
  });

  test('the crew stays within 5 to 200, members are 16 or older, and only a group leader keeps one', async () => {
    const leader = await t.worker({ groupLeader: true });
    const tooFew = await t.client.put('/workers/me/crew', { members: names(4) }, leader.auth);
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.error.details[0]).toMatchObject({ field: 'members', limit: 5 });
    const tooMany = await t.client.put('/workers/me/crew', { members: names(201) }, leader.auth);
    expect(tooMany.body.error.details[0]).toMatchObject({ field: 'members', limit: 200 });
    const young = new Date().getUTCFullYear() - 15;
    const child = await t.client.put(
      '/workers/me/crew',
      { members: [{ name: 'Dete', birthYear: young }, ...names(4)] },
      leader.auth,
    );
    expect(child.status).toBe(400);
    expect(child.body.error.details[0]).toMatchObject({ field: 'members.0.birthYear', code: 'min_age' });
    const solo = await t.worker();
    const refused = await t.client.put('/workers/me/crew', { members: names(5) }, solo.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0]).toMatchObject({
      field: 'members',
      code: 'APPLICATION.NOT_GROUP_LEADER',
    });
    expect(await t.store.crews.findOne({ _id: solo.id })).toBeNull();
  });
});

describe('applying with the members who come', () => {
  test('the head count follows the picked members; the admin sees their names', async () => {
    const { applicationId, memberIds, crew } = await crewApplication({ pick: 4 });
    const doc = await t.store.applications.findOne({ _id: applicationId });
    expect(doc).toMatchObject({ peopleCount: 4, positions: 5 });
    const pending = await t.client.post(
      '/admin/applications/pending',
      { sort: 'newest' },
      (await t.admin()).auth,
    );
    const item = pending.body.items.find((a: { id: string }) => a.id === applicationId);
    expect(item.crew).toEqual(
      crew.members.slice(0, 4).map((m) => ({ id: m.id, name: m.name, accepted: null })),
    );
    await until(() =>
      expect(t.eventsOf('ApplicationSubmitted').find((e) => e.key === applicationId)?.data).toMatchObject({
        memberIds,
        peopleCount: 4,
      }),
    );
  });

  test('a leader picks at most the number of people their profile says they can bring', async () => {
    const { vacancyId } = await t.vacancy();
    const leader = await t.worker({ groupLeader: true, groupSize: 5 });
    const crew = await t.client.put('/workers/me/crew', { members: names(7) }, leader.auth);
    const ids = (crew.body as Crew).members.map((m) => m.id);
    const res = await t.client.post(
      '/applications/create',
      { vacancyId, memberIds: ids.slice(0, 6) },
      leader.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({
      field: 'memberIds',
      code: 'APPLICATION.GROUP_TOO_LARGE',
      limit: 5,
    });
    const fits = await t.client.post(
      '/applications/create',
      { vacancyId, memberIds: ids.slice(0, 5) },
      leader.auth,
    );
    expect(fits.body.positions).toBe(6);
  });

  test('a member of another crew, a repeated member or a vacancy without groups is refused, naming memberIds', async () => {
    const { vacancyId } = await t.vacancy();
    const { leader } = await leaderWithCrew();
    const { crew: other } = await leaderWithCrew();
    const foreign = await t.client.post(
      '/applications/create',
      { vacancyId, memberIds: [other.members[0].id] },
      leader.auth,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0]).toMatchObject({
      field: 'memberIds',
      code: 'APPLICATION.NOT_CREW_MEMBER',
    });
    const own = (await t.client.get('/workers/me/crew', leader.auth)).body as Crew;
    const twice = await t.client.post(
      '/applications/create',
      { vacancyId, memberIds: [own.members[0].id, own.members[0].id] },
      leader.auth,
    );
    expect(twice.body.error.details[0]).toMatchObject({ field: 'memberIds', code: 'duplicate' });
    const noGroups = await t.vacancy({ groupLeadersAccepted: false });
    const refused = await t.client.post(
      '/applications/create',
      { vacancyId: noGroups.vacancyId, memberIds: [own.members[0].id] },
      leader.auth,
    );
    expect(refused.body.error.details[0]).toMatchObject({
      field: 'memberIds',
      code: 'APPLICATION.GROUP_NOT_ACCEPTED',
    });
    expect(await t.store.applications.count({ workerId: leader.id })).toBe(0);
  });
});

describe('partial acceptance', () => {
  test('accepting k of n takes exactly 1 + k heads and tells who was accepted and who was not', async () => {
    const { vacancyId, applicationId, memberIds, crew } = await crewApplication({ positions: 5, pick: 4 });
    const admin = await t.admin();
    const solo = (await t.apply(await t.worker(), vacancyId)).body.id as string;
    expect((await t.client.post(`/admin/applications/${solo}/accept`, undefined, admin.auth)).status).toBe(
      200,
    );
    const whole = await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, admin.auth);
    expect(whole.status).toBe(409);
    expect(whole.body.error.code).toBe('APPLICATION.NO_FREE_POSITIONS');
    const part = await t.client.post(
      `/admin/applications/${applicationId}/accept-part`,
      { memberIds: memberIds.slice(0, 3) },
      admin.auth,
    );
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ positions: 4, freePositions: 0, totalPositions: 5 });
    expect(await free(vacancyId)).toBe(0);
    expect(await t.store.applications.findOne({ _id: applicationId })).toMatchObject({
      status: 'Accepted',
      positions: 4,
      acceptedMemberIds: memberIds.slice(0, 3),
    });
    await until(() =>
      expect(t.eventsOf('ApplicationAccepted').find((e) => e.key === applicationId)?.data).toMatchObject({
        positions: 4,
        crew: {
          accepted: crew.members.slice(0, 3).map((m) => ({ id: m.id, name: m.name })),
          notAccepted: [{ id: crew.members[3].id, name: crew.members[3].name }],
        },
      }),
    );
  });

  test('a partial acceptance is in the admin audit log with the members before and after', async () => {
    const { applicationId, memberIds, crew } = await crewApplication({ pick: 2 });
    const admin = await t.admin();
    await t.client.post(
      `/admin/applications/${applicationId}/accept-part`,
      { memberIds: memberIds.slice(0, 1) },
      admin.auth,
    );
    await until(() =>
      expect(
        t.audited.map((e) => e.data as AdminActionRecordedData).find((d) => d.targetId === applicationId),
      ).toMatchObject({
        actorId: admin.id,
        action: 'application.accept',
        before: { status: 'Pending', members: `${crew.members[0].name}, ${crew.members[1].name}` },
        after: { status: 'Accepted', members: crew.members[0].name },
      }),
    );
  });

  test('accepting the whole crew accepts every picked member', async () => {
    const { applicationId, memberIds } = await crewApplication({ pick: 2 });
    const res = await t.client.post(
      `/admin/applications/${applicationId}/accept`,
      undefined,
      (await t.admin()).auth,
    );
    expect(res.body.positions).toBe(3);
    expect((await t.store.applications.findOne({ _id: applicationId }))!.acceptedMemberIds).toEqual(
      memberIds,
    );
  });

  test('a part names only members of the application, and a solo application is not a crew', async () => {
    const { applicationId, crew, memberIds } = await crewApplication({ pick: 2 });
    const admin = await t.admin();
    const res = await t.client.post(
      `/admin/applications/${applicationId}/accept-part`,
      { memberIds: [crew.members[5].id] },
      admin.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({
      field: 'memberIds',
      code: 'APPLICATION.NOT_CREW_MEMBER',
    });
    const bad = await t.client.post(
      `/admin/applications/${applicationId}/accept-part`,
      { memberIds: ['x'] },
      admin.auth,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('memberIds.0');
    expect((await t.store.applications.findOne({ _id: applicationId }))!.status).toBe('Pending');

    const { vacancyId } = await t.vacancy();
    const solo = (await t.apply(await t.worker(), vacancyId)).body.id as string;
    const notCrew = await t.client.post(`/admin/applications/${solo}/accept-part`, { memberIds }, admin.auth);
    expect(notCrew.status).toBe(409);
    expect(notCrew.body.error.code).toBe('APPLICATION.NOT_A_CREW');
    expect(await free(vacancyId)).toBe(10);
  });

  test('50 parallel partial and whole acceptances never overfill: free = total - accepted heads', async () => {
    const total = 60;
    const { vacancyId } = await t.vacancy({ positions: total });
    const applications: { id: string; memberIds: string[] }[] = [];
    for (let i = 0; i < 50; i++) {
      const { leader, crew } = await leaderWithCrew(5);
      const memberIds = crew.members.slice(0, 1 + (i % 4)).map((m) => m.id);
      const res = await t.client.post('/applications/create', { vacancyId, memberIds }, leader.auth);
      expect(res.status).toBe(201);
      applications.push({ id: res.body.id, memberIds });
    }
    const admin = await t.admin();
    const answers = await Promise.all(
      applications.map((a, i) =>
        i % 2 === 0
          ? t.client.post(`/admin/applications/${a.id}/accept`, undefined, admin.auth)
          : t.client.post(
              `/admin/applications/${a.id}/accept-part`,
              { memberIds: a.memberIds.slice(0, Math.max(0, a.memberIds.length - 1)) },
              admin.auth,
            ),
      ),
    );
    expect(
      answers.every((r) => r.status === 200 || r.body.error?.code === 'APPLICATION.NO_FREE_POSITIONS'),
    ).toBe(true);
    const accepted = await t.store.applications.find({ vacancyId, status: 'Accepted' });
    const heads = accepted.reduce((sum, a) => sum + a.positions, 0);
    expect(accepted.length).toBe(answers.filter((r) => r.status === 200).length);
    expect(heads).toBeLessThanOrEqual(total);
    const vacancy = (await t.store.vacancies.findOne({ _id: vacancyId }))!;
    expect(vacancy.freePositions).toBe(total - heads);
    expect(Object.values(vacancy.claims).reduce((a, b) => a + b, 0)).toBe(heads);
    for (const a of accepted) expect(a.positions).toBe(1 + a.acceptedMemberIds!.length);
    await until(async () => expect(await readStats(t.store)).toEqual(await recountStats(t.store)));
  });
});

describe('roster and attendance', () => {
  test("the estate sees the roster: names, the leader's phone, members under their leader", async () => {
    const { vacancyId, estateId, leader, applicationId, memberIds, crew } = await crewApplication({
      pick: 3,
    });
    const admin = await t.admin();
    await t.client.post(
      `/admin/applications/${applicationId}/accept-part`,
      { memberIds: memberIds.slice(0, 2) },
      admin.auth,
    );
    const solo = await t.worker();
    const soloApplication = (await t.apply(solo, vacancyId)).body.id as string;
    await t.client.post(`/admin/applications/${soloApplication}/accept`, undefined, admin.auth);

    const owner = await ownerSession(estateId);
    const res = await t.client.get(`/estates/vacancies/${vacancyId}/roster`, owner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ started: false, heads: 4, came: 0 });
    expect(res.body.people).toEqual([
      expect.objectContaining({
        personId: applicationId,
        role: 'Leader',
        phone: '+381641234567',
        leaderName: null,
      }),
      expect.objectContaining({
        personId: crew.members[0].id,
        role: 'Member',
        name: crew.members[0].name,
        phone: null,
      }),
      expect.objectContaining({ personId: crew.members[1].id, role: 'Member' }),
      expect.objectContaining({ personId: soloApplication, role: 'Worker', attendance: null }),
    ]);
    expect(res.body.people[1].leaderName).toBe(res.body.people[0].name);
    expect(res.body.people[0].name).toBe(`Radnik ${leader.id.slice(0, 4)}`);
  });

  test('attendance is marked per person once the job started, and publishes the whole state of the application', async () => {
    const { vacancyId, estateId, applicationId, memberIds, leader } = await crewApplication({
      pick: 3,
      startDate: t.daysAfterToday(0),
    });
    await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, (await t.admin()).auth);
    const owner = await ownerSession(estateId);
    const marks = [
      { personId: applicationId, attendance: 'Came' },
      { personId: memberIds[0], attendance: 'Came' },
      { personId: memberIds[1], attendance: 'DidNotCome' },
    ];
    const res = await t.client.post(`/estates/vacancies/${vacancyId}/attendance`, { marks }, owner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ started: true, heads: 4, came: 2 });
    expect(res.body.people.map((p: { attendance: string | null }) => p.attendance)).toEqual([
      'Came',
      'Came',
      'DidNotCome',
      null,
    ]);
    await until(() =>
      expect(t.eventsOf('AttendanceMarked').filter((e) => e.key === applicationId)).toHaveLength(1),
    );
    expect(t.eventsOf('AttendanceMarked').find((e) => e.key === applicationId)!.data).toMatchObject({
      vacancyId,
      estateId,
      heads: 4,
      came: 2,
      people: [
        { personId: applicationId, attendance: 'Came' },
        { personId: memberIds[0], attendance: 'Came' },
        { personId: memberIds[1], attendance: 'DidNotCome' },
        { personId: memberIds[2], attendance: null },
      ],
    });
    // The registered applicant's attendance feeds the rating service's "came and stayed" figure.
    await until(() =>
      expect(
        t
          .eventsOf('WorkerAttendanceRecorded')
          .filter((e) => (e.data as { vacancyId: string }).vacancyId === vacancyId),
      ).toEqual([
        expect.objectContaining({
          key: vacancyId,
          data: expect.objectContaining({ workerId: leader.id, came: true, stayed: true }),
        }),
      ]),
    );
    // The same marks again change nothing and publish nothing.
    await t.client.post(`/estates/vacancies/${vacancyId}/attendance`, { marks }, owner.auth);
    const changed = await t.client.post(
      `/estates/vacancies/${vacancyId}/attendance`,
      { marks: [{ personId: memberIds[1], attendance: 'Came' }] },
      owner.auth,
    );
    expect(changed.body.came).toBe(3);
    await until(() =>
      expect(t.eventsOf('AttendanceMarked').filter((e) => e.key === applicationId)).toHaveLength(2),
    );
  });

  test('before the start, or for someone not on the roster, nothing is marked', async () => {
    const early = await crewApplication({ pick: 1 });
    await t.client.post(
      `/admin/applications/${early.applicationId}/accept`,
      undefined,
      (await t.admin()).auth,
    );
    const owner = await ownerSession(early.estateId);
    const notYet = await t.client.post(
      `/estates/vacancies/${early.vacancyId}/attendance`,
      { marks: [{ personId: early.applicationId, attendance: 'Came' }] },
      owner.auth,
    );
    expect(notYet.status).toBe(409);
    expect(notYet.body.error.code).toBe('APPLICATION.NOT_STARTED');

    const started = await crewApplication({ pick: 2, startDate: t.daysAfterToday(0) });
    await t.client.post(
      `/admin/applications/${started.applicationId}/accept-part`,
      { memberIds: [started.memberIds[0]] },
      (await t.admin()).auth,
    );
    const other = await ownerSession(started.estateId);
    const notAccepted = await t.client.post(
      `/estates/vacancies/${started.vacancyId}/attendance`,
      {
        marks: [
          { personId: started.applicationId, attendance: 'Came' },
          { personId: started.memberIds[1], attendance: 'Came' },
        ],
      },
      other.auth,
    );
    expect(notAccepted.status).toBe(400);
    expect(notAccepted.body.error.details[0]).toMatchObject({
      field: 'marks.1.personId',
      code: 'APPLICATION.NOT_ON_ROSTER',
    });
    expect((await t.store.applications.findOne({ _id: started.applicationId }))!.attendance).toBeUndefined();
  });
});

describe('stats count heads', () => {
  test('accepted heads follow acceptances and a deleted vacancy, equal to a recount', async () => {
    const { vacancyId, applicationId, memberIds } = await crewApplication({ pick: 3 });
    const before = (await readStats(t.store)).acceptedHeads;
    await t.client.post(
      `/admin/applications/${applicationId}/accept-part`,
      { memberIds: memberIds.slice(0, 1) },
      (await t.admin()).auth,
    );
    await until(async () => expect((await readStats(t.store)).acceptedHeads).toBe(before + 2));
    await t.deleted(vacancyId);
    await until(async () => expect((await readStats(t.store)).acceptedHeads).toBe(before));
    await until(async () => expect(await readStats(t.store)).toEqual(await recountStats(t.store)));
  });
});

/** A token for the estate that owns a vacancy made by t.vacancy() (its estate was registered there). */
const ownerSession = (estateId: string) => testToken('Estate', { id: estateId });
