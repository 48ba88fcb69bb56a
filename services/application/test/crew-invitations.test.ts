import { eventually, testToken } from '@moba/platform/testing';
import { createLogger } from '@moba/platform';
import type { Crew, CrewInvitation } from '@moba/contracts';
import { startApplication, type TestApp } from './helpers';
import { inviteUnconsentedLinks } from '../src/invite-crew-members/invite-crew-members';
import { rosterPeopleOf } from '../src/domain/crew';
import type { AppContext } from '../src/context';

/**
 * Issue #33, point 4: a leader's crew links nobody without consent. A registered worker whose phone
 * a leader lists is invited and joins only by accepting; the crew answer never tells which phones are
 * registered; attendance counts only for a worker who joined; saves and new phones are capped per day.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

type Session = Awaited<ReturnType<TestApp['worker']>>;
const others = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ name: `Član ${from + i + 1}` }));

let phoneSeq = 0;
/** A fresh Serbian mobile number per call (national and E.164 forms). */
function freshPhone() {
  phoneSeq += 1;
  const digits = String(Date.now() % 1_000_000).padStart(6, '0') + String(phoneSeq % 10);
  return { national: `066 ${digits}`, e164: `+38166${digits}` };
}

async function registeredWorkerWith(phone: string) {
  const member = await t.worker();
  await t.profileUpdated(member.id, { groupLeader: false, groupSize: 0, phone, fullName: 'Jelena Jović' });
  return member;
}

async function saveCrew(leader: Session, members: object[]) {
  const res = await t.client.put('/workers/me/crew', { members }, leader.auth);
  expect(res.status).toBe(200);
  return res.body as Crew;
}

/** Waits for the invitation the crew's save sends to the worker. */
const invitationOf = (worker: Session) =>
  eventually(async () => {
    const res = await t.client.get('/workers/me/crew-invitations', worker.auth);
    return (res.body as CrewInvitation[])[0] ?? null;
  }, 'the invitation reaches the worker');

describe('the crew answer tells nobody which phones are registered', () => {
  test('a registered and an unregistered phone get the same answer: invited, no worker id', async () => {
    const registered = freshPhone();
    const unregistered = freshPhone();
    await registeredWorkerWith(registered.e164);
    const answerFor = async (phone: string) => {
      const leader = await t.worker({ groupLeader: true });
      const crew = await saveCrew(leader, [{ name: 'Član Sa Telefonom', phone }, ...others(4)]);
      const again = (await t.client.get('/workers/me/crew', leader.auth)).body as Crew;
      const strip = (c: Crew) =>
        c.members.map(({ id: _id, phone: _phone, ...rest }) => rest as Record<string, unknown>);
      return { saved: strip(crew), read: strip(again), raw: crew };
    };
    const ofRegistered = await answerFor(registered.national);
    const ofUnregistered = await answerFor(unregistered.national);
    expect(ofRegistered.saved).toEqual(ofUnregistered.saved);
    expect(ofRegistered.read).toEqual(ofUnregistered.read);
    expect(ofRegistered.saved[0]).toEqual({ name: 'Član Sa Telefonom', birthYear: null, link: 'invited' });
    expect(ofRegistered.saved[1]).toMatchObject({ link: null });
    expect(Object.keys(ofRegistered.raw.members[0]).sort()).toEqual(
      ['birthYear', 'id', 'link', 'name', 'phone'].sort(),
    );
  });
});

describe('a registered worker joins a crew only by accepting its invitation', () => {
  test('the worker is invited (CrewInvitationSent), accepts, and shows as joined', async () => {
    const phone = freshPhone();
    const member = await registeredWorkerWith(phone.e164);
    const leader = await t.worker({ groupLeader: true, fullName: 'Vođa Grupe' });
    const crew = await saveCrew(leader, [{ name: 'Jelena', phone: phone.national }, ...others(4)]);
    const invitation = await invitationOf(member);
    expect(invitation).toMatchObject({ leaderName: 'Vođa Grupe', memberName: 'Jelena' });
    expect(t.eventsOf('CrewInvitationSent').find((e) => e.key === invitation.id)?.data).toMatchObject({
      leaderId: leader.id,
      workerId: member.id,
      memberName: 'Jelena',
    });
    // Until the worker answers, the member is as unlinked as any other phone.
    expect((await t.client.get('/workers/me/crew', leader.auth)).body.members[0].link).toBe('invited');

    const accepted = await t.client.post(
      `/workers/me/crew-invitations/${invitation.id}/accept`,
      undefined,
      member.auth,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ id: invitation.id, state: 'joined' });
    const shown = (await t.client.get('/workers/me/crew', leader.auth)).body as Crew;
    expect(shown.members.find((m) => m.id === crew.members[0].id)?.link).toBe('joined');
    expect((await t.client.get('/workers/me/crew-invitations', member.auth)).body).toEqual([]);
    const twice = await t.client.post(
      `/workers/me/crew-invitations/${invitation.id}/decline`,
      undefined,
      member.auth,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('APPLICATION.CREW_INVITATION_ANSWERED');
    // Saving the crew again keeps the member joined and sends no second invitation.
    await saveCrew(leader, [
      { id: crew.members[0].id, name: 'Jelena J.', phone: phone.national },
      ...others(4),
    ]);
    expect((await t.client.get('/workers/me/crew', leader.auth)).body.members[0].link).toBe('joined');
  });

  test('a declined invitation shows as declined and links nobody', async () => {
    const phone = freshPhone();
    const member = await registeredWorkerWith(phone.e164);
    const leader = await t.worker({ groupLeader: true });
    await saveCrew(leader, [{ name: 'Jelena', phone: phone.national }, ...others(4)]);
    const invitation = await invitationOf(member);
    const declined = await t.client.post(
      `/workers/me/crew-invitations/${invitation.id}/decline`,
      undefined,
      member.auth,
    );
    expect(declined.body).toEqual({ id: invitation.id, state: 'declined' });
    expect((await t.client.get('/workers/me/crew', leader.auth)).body.members[0].link).toBe('declined');
  });

  test('only the invited worker answers: the leader, an estate, an admin, a stranger and another worker are refused', async () => {
    const phone = freshPhone();
    const member = await registeredWorkerWith(phone.e164);
    const leader = await t.worker({ groupLeader: true });
    await saveCrew(leader, [{ name: 'Jelena', phone: phone.national }, ...others(4)]);
    const invitation = await invitationOf(member);
    const path = (answer: string) => `/workers/me/crew-invitations/${invitation.id}/${answer}`;
    for (const answer of ['accept', 'decline']) {
      expect((await t.client.post(path(answer), undefined, leader.auth)).status).toBe(404);
      expect((await t.client.post(path(answer), undefined, (await t.worker()).auth)).status).toBe(404);
      expect((await t.client.post(path(answer), undefined, (await testToken('Estate')).auth)).status).toBe(
        403,
      );
      expect((await t.client.post(path(answer), undefined, (await t.admin()).auth)).status).toBe(403);
      expect((await t.client.post(path(answer))).status).toBe(401);
    }
    expect((await t.client.get('/workers/me/crew-invitations', leader.auth)).body).toEqual([]);
    expect((await t.client.get('/workers/me/crew-invitations', (await t.admin()).auth)).status).toBe(403);
    expect((await t.client.get('/workers/me/crew-invitations')).status).toBe(401);
    const bad = await t.client.post('/workers/me/crew-invitations/not-a-uuid/accept', undefined, member.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ field: 'id' });
    // Nothing was answered by anyone else: the invited worker still can.
    expect((await t.client.post(path('accept'), undefined, member.auth)).status).toBe(200);
  });

  test('an invitation whose member the leader removed can no longer be accepted', async () => {
    const phone = freshPhone();
    const member = await registeredWorkerWith(phone.e164);
    const leader = await t.worker({ groupLeader: true });
    await saveCrew(leader, [{ name: 'Jelena', phone: phone.national }, ...others(4)]);
    const invitation = await invitationOf(member);
    await saveCrew(leader, others(5, 10));
    expect((await t.client.get('/workers/me/crew-invitations', member.auth)).body).toEqual([]);
    const res = await t.client.post(
      `/workers/me/crew-invitations/${invitation.id}/accept`,
      undefined,
      member.auth,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('APPLICATION.CREW_INVITATION_NOT_FOUND');
  });
});

describe('attendance counts only for a worker who joined', () => {
  async function markedMember(accept: boolean) {
    const { vacancyId, estateId } = await t.vacancy({ startDate: t.daysAfterToday(0) });
    const phone = freshPhone();
    const member = await registeredWorkerWith(phone.e164);
    const leader = await t.worker({ groupLeader: true });
    const crew = await saveCrew(leader, [{ name: 'Jelena', phone: phone.national }, ...others(4)]);
    const invitation = await invitationOf(member);
    if (accept)
      await t.client.post(`/workers/me/crew-invitations/${invitation.id}/accept`, undefined, member.auth);
    const memberId = crew.members[0].id;
    const applied = await t.client.post(
      '/applications/create',
      { vacancyId, memberIds: [memberId] },
      leader.auth,
    );
    await t.client.post(`/admin/applications/${applied.body.id}/accept`, undefined, (await t.admin()).auth);
    const owner = await testToken('Estate', { id: estateId });
    const marked = await t.client.post(
      `/estates/vacancies/${vacancyId}/attendance`,
      { marks: [{ personId: memberId, attendance: 'DidNotCome' }] },
      owner.auth,
    );
    expect(marked.status).toBe(200);
    const attendance = await eventually(
      async () => t.eventsOf('AttendanceMarked').find((e) => e.key === applied.body.id) ?? null,
      'the attendance is published',
    );
    return {
      member,
      attendance: attendance.data as { people: { personId: string; workerId: string | null }[] },
      memberId,
      vacancyId,
    };
  }

  test('a member who did not accept is marked as an unlinked person: no record for the worker', async () => {
    const { member, attendance, memberId } = await markedMember(false);
    expect(attendance.people.find((p) => p.personId === memberId)?.workerId).toBeNull();
    // The application's attendance events were written with the mark, in one outbox write.
    expect(
      t
        .eventsOf('WorkerAttendanceRecorded')
        .filter((e) => (e.data as { workerId: string }).workerId === member.id),
    ).toEqual([]);
  });

  test('a member who accepted gets their own attendance record', async () => {
    const { member, attendance, memberId, vacancyId } = await markedMember(true);
    expect(attendance.people.find((p) => p.personId === memberId)?.workerId).toBe(member.id);
    const recorded = await eventually(
      async () =>
        t
          .eventsOf('WorkerAttendanceRecorded')
          .find((e) => (e.data as { workerId: string }).workerId === member.id) ?? null,
      'the joined member gets an attendance record',
    );
    expect(recorded.data).toMatchObject({ vacancyId, came: false, stayed: false });
  });
});

describe('links made by phone alone before invitations', () => {
  test('are not links: the roster ignores them and the worker is invited instead', async () => {
    const phone = freshPhone();
    const member = await registeredWorkerWith(phone.e164);
    const leader = await t.worker({ groupLeader: true });
    const legacy = {
      id: crypto.randomUUID(),
      name: 'Stari Član',
      phone: phone.e164,
      birthYear: null,
      workerId: member.id,
    };
    await t.store.crews.insertOne({ _id: leader.id, members: [legacy], updatedAt: new Date().toISOString() });
    expect(
      rosterPeopleOf({
        _id: crypto.randomUUID(),
        workerId: leader.id,
        crew: [legacy],
        acceptedMemberIds: [legacy.id],
      })[1].workerId,
    ).toBeNull();

    const ctx = {
      store: t.store,
      clock: t.deps.clock,
      logger: createLogger('test', 'silent'),
      relay: { kick: () => undefined },
    } as unknown as AppContext;
    await inviteUnconsentedLinks(ctx);
    expect((await t.store.crews.findOne({ _id: leader.id }))!.members[0].workerId).toBeUndefined();
    expect((await invitationOf(member)).memberName).toBe('Stari Član');
    expect((await t.client.get('/workers/me/crew', leader.auth)).body.members[0].link).toBe('invited');
  });
});

describe('crew saves and new phones are capped per leader and day', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await startApplication({ env: { CREW_NEW_PHONES_PER_DAY: '6', CREW_SAVES_PER_DAY: '4' } });
  });
  afterAll(() => capped.stop());

  const withPhones = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      name: `Član ${from + i}`,
      phone: `065 100 ${String(from + i).padStart(4, '0')}`,
    }));

  test('more new phones than the day allows is refused naming members, and writes nothing', async () => {
    const leader = await capped.worker({ groupLeader: true });
    const first = await capped.client.put('/workers/me/crew', { members: withPhones(0, 5) }, leader.auth);
    expect(first.status).toBe(200);
    // Phones already in the crew are not new: saving them again costs nothing.
    const same = await capped.client.put('/workers/me/crew', { members: withPhones(0, 5) }, leader.auth);
    expect(same.status).toBe(200);
    const tooMany = await capped.client.put('/workers/me/crew', { members: withPhones(5, 5) }, leader.auth);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error.code).toBe('APPLICATION.CREW_PHONES_DAILY_LIMIT');
    expect(tooMany.body.error.details[0]).toMatchObject({ field: 'members', limit: 6 });
    const kept = (await capped.client.get('/workers/me/crew', leader.auth)).body as Crew;
    expect(kept.members.map((m) => m.name)).toEqual(withPhones(0, 5).map((m) => m.name));
    // Another leader has their own allowance.
    const other = await capped.worker({ groupLeader: true });
    expect(
      (await capped.client.put('/workers/me/crew', { members: withPhones(5, 5) }, other.auth)).status,
    ).toBe(200);
  });

  test('more saves than the day allows are refused', async () => {
    const leader = await capped.worker({ groupLeader: true });
    for (let save = 0; save < 4; save++)
      expect((await capped.client.put('/workers/me/crew', { members: others(5) }, leader.auth)).status).toBe(
        200,
      );
    const fifth = await capped.client.put('/workers/me/crew', { members: others(5) }, leader.auth);
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('APPLICATION.CREW_SAVES_DAILY_LIMIT');
  });
});
