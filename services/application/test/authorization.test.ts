import type { Role } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import { guestBody, startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

type Caller = 'visitor' | Role;
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** Builds fresh data for one call; `owner` is the estate token used when the caller is an Estate. */
  setup: (callers: Sessions) => Promise<{ path: string; body?: unknown }>;
  /** Who may call it, and the status they get. */
  allowed: Partial<Record<Caller, number>>;
}
type Session = Awaited<ReturnType<typeof testToken>>;
type Sessions = Record<Role, Session>;

async function pendingApplication() {
  const { vacancyId } = await t.vacancy();
  return { vacancyId, applicationId: (await t.apply(await t.worker(), vacancyId)).body.id as string };
}
async function guest() {
  return (await t.client.post('/signup-guest', guestBody())).body.id as string;
}

const crewNames = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Član ${i + 1}` }));

/** A leader's pending application with two named members of their crew. */
async function crewApplication() {
  const { vacancyId } = await t.vacancy();
  const leader = await t.worker({ groupLeader: true });
  const crew = await t.client.put('/workers/me/crew', { members: crewNames(5) }, leader.auth);
  const memberIds = crew.body.members.slice(0, 2).map((m: { id: string }) => m.id) as string[];
  const res = await t.client.post('/applications/create', { vacancyId, memberIds }, leader.auth);
  return { vacancyId, leader, memberIds, applicationId: res.body.id as string };
}

let phoneSeq = 0;
/** The invitation a leader's crew sends to `worker` (registered with a fresh phone that the crew lists). */
async function invitationFor(worker: Session) {
  phoneSeq += 1;
  const phone = `+38163${String(Date.now() % 100_000).padStart(5, '0')}${String(phoneSeq % 100).padStart(2, '0')}`;
  await t.profileUpdated(worker.id, { groupLeader: false, groupSize: 0, phone });
  const leader = await t.worker({ groupLeader: true });
  await t.client.put(
    '/workers/me/crew',
    { members: [{ name: 'Pozvani', phone }, ...crewNames(4)] },
    leader.auth,
  );
  const invitation = await eventually(
    async () => (await t.client.get('/workers/me/crew-invitations', worker.auth)).body[0] ?? null,
    'the crew invitation',
  );
  return { leader, invitationId: invitation.id as string };
}

/** An accepted worker on an estate's vacancy that starts today (attendance can be marked). */
async function acceptedToday(estateId: string) {
  const { vacancyId } = await t.vacancy({ estateId, startDate: t.daysAfterToday(0) });
  const applicationId = (await t.apply(await t.worker(), vacancyId)).body.id as string;
  await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, (await t.admin()).auth);
  return { vacancyId, applicationId };
}

/** An application of `worker` accepted on a moba (of `estateId`, when given). */
async function acceptedOf(worker: Session, estateId?: string) {
  const { vacancyId } = await t.vacancy({ positions: 2, ...(estateId ? { estateId } : {}) });
  const applicationId = (await t.apply(worker, vacancyId)).body.id as string;
  await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, (await t.admin()).auth);
  return { vacancyId, applicationId };
}

/** A pending application of `worker` with an open standby offer (someone accepted cancelled). */
async function offeredTo(worker: Session) {
  const { vacancyId } = await t.vacancy({ positions: 1 });
  const applicationId = (await t.apply(worker, vacancyId)).body.id as string;
  const leaving = await t.worker();
  const { applicationId: leavingId } = await acceptedOfOn(leaving, vacancyId);
  await t.client.post(`/workers/applications/${leavingId}/cancel`, { reason: 'sick' }, leaving.auth);
  await eventually(
    async () => (await t.store.standbyOffers.count({ vacancyId })) > 0,
    'the standby offer',
    5000,
  );
  return { vacancyId, applicationId };
}
async function acceptedOfOn(worker: Session, vacancyId: string) {
  const applicationId = (await t.apply(worker, vacancyId)).body.id as string;
  await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, (await t.admin()).auth);
  return { applicationId };
}

/**
 * An accepted application of `worker` with an open confirmation (seeded in the store as the sweep
 * writes it, the deadline a day ahead: the sweep's timing is confirmations.test.ts's subject).
 */
async function askedConfirmation(worker: Session) {
  const { vacancyId, estateId } = await t.vacancy();
  const applicationId = (await t.apply(worker, vacancyId)).body.id as string;
  await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, (await t.admin()).auth);
  const now = t.deps.clock.now();
  await t.store.confirmations.insertOne({
    _id: `${applicationId}:2030-01-01`,
    applicationId,
    vacancyId,
    estateId,
    workerId: worker.id,
    stretchStart: '2030-01-01',
    days: ['2030-01-01'],
    state: 'Asked',
    headsAccepted: 1,
    headsConfirmed: 0,
    channel: null,
    askedAt: now.toISOString(),
    deadline: new Date(now.getTime() + 86_400_000).toISOString(),
    answeredAt: null,
    flagged: false,
  });
  return { vacancyId, applicationId };
}

/** `worker` applies to `vacancyId` and an admin accepts them. */
async function acceptOn(worker: Session, vacancyId: string) {
  const applicationId = (await t.apply(worker, vacancyId)).body.id as string;
  await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, (await t.admin()).auth);
  return applicationId;
}

const cases: Case[] = [
  {
    name: 'POST /workers/applications/:id/confirmation (own application, asked)',
    method: 'POST',
    setup: async (s) => ({
      path: `/workers/applications/${(await askedConfirmation(s.Worker)).applicationId}/confirmation`,
      body: { answer: 'yes' },
    }),
    allowed: { Worker: 200 },
  },
  {
    name: 'GET /estates/vacancies/:id/board (own vacancy; admins any)',
    method: 'GET',
    setup: async (s) => ({
      path: `/estates/vacancies/${(await t.vacancy({ estateId: s.Estate.id })).vacancyId}/board`,
    }),
    allowed: { Estate: 200, Admin: 200 },
  },
  {
    name: 'POST /applications/create',
    method: 'POST',
    setup: async () => ({ path: '/applications/create', body: { vacancyId: (await t.vacancy()).vacancyId } }),
    allowed: { Worker: 201 },
  },
  {
    name: 'POST /signup-guest',
    method: 'POST',
    setup: async () => ({ path: '/signup-guest', body: guestBody() }),
    allowed: { visitor: 201, Worker: 201, Estate: 201, Admin: 201 },
  },
  {
    name: 'GET /estates/vacancies/:id/applicants/approved (own vacancy)',
    method: 'GET',
    setup: async (s) => ({
      path: `/estates/vacancies/${(await t.vacancy({ estateId: s.Estate.id })).vacancyId}/applicants/approved`,
    }),
    allowed: { Estate: 200 },
  },
  {
    name: 'GET /workers/vacancies/my/active',
    method: 'GET',
    setup: async () => ({ path: '/workers/vacancies/my/active' }),
    allowed: { Worker: 200 },
  },
  {
    name: 'GET /workers/vacancies/my/finished',
    method: 'GET',
    setup: async () => ({ path: '/workers/vacancies/my/finished' }),
    allowed: { Worker: 200 },
  },
  {
    name: 'GET /workers/applications',
    method: 'GET',
    setup: async () => ({ path: '/workers/applications' }),
    allowed: { Worker: 200 },
  },
  {
    name: 'POST /admin/applications/pending',
    method: 'POST',
    setup: async () => ({ path: '/admin/applications/pending' }),
    allowed: { Admin: 200 },
  },
  {
    name: 'POST /admin/applications/:id/accept',
    method: 'POST',
    setup: async () => ({ path: `/admin/applications/${(await pendingApplication()).applicationId}/accept` }),
    allowed: { Admin: 200 },
  },
  {
    name: 'POST /admin/applications/:id/reject',
    method: 'POST',
    setup: async () => ({ path: `/admin/applications/${(await pendingApplication()).applicationId}/reject` }),
    allowed: { Admin: 200 },
  },
  {
    name: 'PUT /admin/applications/:id/update-note',
    method: 'PUT',
    setup: async () => ({
      path: `/admin/applications/${(await pendingApplication()).applicationId}/update-note`,
      body: { note: 'n' },
    }),
    allowed: { Admin: 200 },
  },
  {
    name: 'POST /admin/applications/guest/pending',
    method: 'POST',
    setup: async () => ({ path: '/admin/applications/guest/pending' }),
    allowed: { Admin: 200 },
  },
  {
    name: 'GET /admin/applications/:id/guest/pending',
    method: 'GET',
    setup: async () => ({ path: `/admin/applications/${await guest()}/guest/pending` }),
    allowed: { Admin: 200 },
  },
  {
    name: 'POST /admin/applications/guest/:id/accept',
    method: 'POST',
    setup: async () => ({
      path: `/admin/applications/guest/${await guest()}/accept`,
      body: { vacancyId: (await t.vacancy()).vacancyId },
    }),
    allowed: { Admin: 200 },
  },
  {
    name: 'GET /workers/me/crew',
    method: 'GET',
    setup: async () => ({ path: '/workers/me/crew' }),
    allowed: { Worker: 200 },
  },
  {
    name: 'PUT /workers/me/crew (a group leader)',
    method: 'PUT',
    setup: async (s) => {
      await t.profileUpdated(s.Worker.id, { groupLeader: true, groupSize: 10 });
      return { path: '/workers/me/crew', body: { members: crewNames(5) } };
    },
    allowed: { Worker: 200 },
  },
  {
    name: 'GET /workers/me/crew-invitations',
    method: 'GET',
    setup: async () => ({ path: '/workers/me/crew-invitations' }),
    allowed: { Worker: 200 },
  },
  {
    name: 'POST /workers/me/crew-invitations/:id/accept (the invited worker)',
    method: 'POST',
    setup: async (s) => ({
      path: `/workers/me/crew-invitations/${(await invitationFor(s.Worker)).invitationId}/accept`,
    }),
    allowed: { Worker: 200 },
  },
  {
    name: 'POST /workers/me/crew-invitations/:id/decline (the invited worker)',
    method: 'POST',
    setup: async (s) => ({
      path: `/workers/me/crew-invitations/${(await invitationFor(s.Worker)).invitationId}/decline`,
    }),
    allowed: { Worker: 200 },
  },
  {
    name: 'POST /admin/applications/:id/accept-part',
    method: 'POST',
    setup: async () => {
      const { applicationId, memberIds } = await crewApplication();
      return {
        path: `/admin/applications/${applicationId}/accept-part`,
        body: { memberIds: [memberIds[0]] },
      };
    },
    allowed: { Admin: 200 },
  },
  {
    name: 'POST /admin/applications/queue',
    method: 'POST',
    setup: async () => ({ path: '/admin/applications/queue', body: {} }),
    allowed: { Admin: 200 },
  },
  {
    name: 'POST /admin/applications/decisions',
    method: 'POST',
    setup: async () => ({
      path: '/admin/applications/decisions',
      body: {
        batchId: crypto.randomUUID(),
        decision: 'reject',
        applicationIds: [(await pendingApplication()).applicationId],
      },
    }),
    allowed: { Admin: 200 },
  },
  {
    name: 'GET /admin/applications/decisions/:id',
    method: 'GET',
    setup: async (s) => {
      const batchId = crypto.randomUUID();
      const applicationIds = [(await pendingApplication()).applicationId];
      await t.client.post(
        '/admin/applications/decisions',
        { batchId, decision: 'reject', applicationIds },
        s.Admin.auth,
      );
      return { path: `/admin/applications/decisions/${batchId}` };
    },
    allowed: { Admin: 200 },
  },
  {
    name: 'GET /estates/vacancies/:id/roster (own vacancy)',
    method: 'GET',
    setup: async (s) => ({
      path: `/estates/vacancies/${(await t.vacancy({ estateId: s.Estate.id })).vacancyId}/roster`,
    }),
    allowed: { Estate: 200 },
  },
  {
    name: 'POST /estates/vacancies/:id/attendance (own vacancy, started)',
    method: 'POST',
    setup: async (s) => {
      const { vacancyId, applicationId } = await acceptedToday(s.Estate.id);
      return {
        path: `/estates/vacancies/${vacancyId}/attendance`,
        body: { marks: [{ personId: applicationId, attendance: 'Came' }] },
      };
    },
    allowed: { Estate: 200 },
  },
  {
    name: "GET /mobas/:id/day-of-work (the estate's own moba, the Worker accepted on it)",
    method: 'GET',
    setup: async (s) => {
      const { vacancyId } = await t.vacancy({ estateId: s.Estate.id });
      await acceptOn(s.Worker, vacancyId);
      return { path: `/mobas/${vacancyId}/day-of-work` };
    },
    allowed: { Worker: 200, Estate: 200, Admin: 200 },
  },
  {
    name: 'POST /estates/vacancies/:id/attendance (own vacancy, a day that has come, a numbered head)',
    method: 'POST',
    setup: async (s) => {
      const { vacancyId } = await t.vacancy({ estateId: s.Estate.id, startDate: t.daysAfterToday(0) });
      const leader = await t.worker({ groupLeader: true, groupSize: 4 });
      const applicationId = (await t.apply(leader, vacancyId, 2)).body.id as string;
      await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, (await t.admin()).auth);
      return {
        path: `/estates/vacancies/${vacancyId}/attendance`,
        body: { day: t.daysAfterToday(0), marks: [{ personId: `${applicationId}:3`, attendance: 'Came' }] },
      };
    },
    allowed: { Estate: 200 },
  },
  {
    name: 'POST /estates/vacancies/:id/broadcasts (own vacancy, someone accepted)',
    method: 'POST',
    setup: async (s) => {
      const { vacancyId } = await acceptedToday(s.Estate.id);
      return {
        path: `/estates/vacancies/${vacancyId}/broadcasts`,
        body: { template: 'start-moved', value: '09:00' },
      };
    },
    allowed: { Estate: 201 },
  },
  {
    name: 'GET /admin/vacancies/:id/matches',
    method: 'GET',
    setup: async () => ({ path: `/admin/vacancies/${(await t.vacancy()).vacancyId}/matches` }),
    allowed: { Admin: 200 },
  },
  {
    name: 'GET /admin/applications/guest/:id/matches',
    method: 'GET',
    setup: async () => ({ path: `/admin/applications/guest/${await guest()}/matches` }),
    allowed: { Admin: 200 },
  },
  {
    name: 'GET /admin/stats/daily',
    method: 'GET',
    setup: async () => ({ path: '/admin/stats/daily' }),
    allowed: { Admin: 200 },
  },
  {
    name: 'GET /admin/stats',
    method: 'GET',
    setup: async () => ({ path: '/admin/stats' }),
    allowed: { Admin: 200 },
  },
  {
    name: 'POST /workers/applications/:id/cancel (own accepted application)',
    method: 'POST',
    setup: async (s) => ({
      path: `/workers/applications/${(await acceptedOf(s.Worker)).applicationId}/cancel`,
      body: { reason: 'sick' },
    }),
    allowed: { Worker: 200 },
  },
  {
    name: 'POST /workers/applications/:id/take-place (own pending application, offered)',
    method: 'POST',
    setup: async (s) => ({
      path: `/workers/applications/${(await offeredTo(s.Worker)).applicationId}/take-place`,
    }),
    allowed: { Worker: 200 },
  },
  {
    name: 'POST /estates/applications/:id/remove (own moba)',
    method: 'POST',
    setup: async (s) => ({
      path: `/estates/applications/${(await acceptedOf(await t.worker(), s.Estate.id)).applicationId}/remove`,
      body: { reason: 'not-needed' },
    }),
    allowed: { Estate: 200 },
  },
  {
    name: 'GET /workers/me/reliability',
    method: 'GET',
    setup: async () => ({ path: '/workers/me/reliability' }),
    allowed: { Worker: 200 },
  },
];

const callers: Caller[] = ['visitor', 'Worker', 'Estate', 'Admin'];
const matrix = cases.flatMap((c) => callers.map((caller) => [c.name, caller, c] as const));

describe('authorization matrix: every route × visitor, Worker, Estate, Admin', () => {
  test.each(matrix)('%s as %s', async (_name, caller, c) => {
    const sessions: Sessions = { Worker: await t.worker(), Estate: await t.estate(), Admin: await t.admin() };
    const { path, body } = await c.setup(sessions);
    const headers = caller === 'visitor' ? {} : sessions[caller].auth;
    const res = await t.client.request(c.method, path, { body, headers });
    const expected = c.allowed[caller] ?? (caller === 'visitor' ? 401 : 403);
    expect({ status: res.status, body: res.status >= 400 ? res.body : undefined }).toMatchObject({
      status: expected,
    });
    if (expected === 401) expect(res.body.error.code).toBe('UNAUTHENTICATED');
    if (expected === 403) expect(res.body.error.code).toBe('FORBIDDEN');
  });
});

describe('objects of other users (IDOR)', () => {
  test("another worker cannot cancel a worker's accepted application nor take the place offered to them", async () => {
    const owner = await t.worker();
    const stranger = await t.worker();
    const { applicationId } = await acceptedOf(owner);
    const cancel = await t.client.post(
      `/workers/applications/${applicationId}/cancel`,
      { reason: 'sick' },
      stranger.auth,
    );
    expect(cancel.status).toBe(404);
    expect((await t.store.applications.findOne({ _id: applicationId }))?.status).toBe('Accepted');

    const offered = await offeredTo(owner);
    const take = await t.client.post(
      `/workers/applications/${offered.applicationId}/take-place`,
      undefined,
      stranger.auth,
    );
    expect(take.status).toBe(404);
    expect((await t.store.applications.findOne({ _id: offered.applicationId }))?.status).toBe('Pending');
  });

  test('another estate cannot remove a worker from a moba that is not its own', async () => {
    const owner = await t.estate();
    const stranger = await t.estate();
    const { applicationId } = await acceptedOf(await t.worker(), owner.id);
    const res = await t.client.post(
      `/estates/applications/${applicationId}/remove`,
      { reason: 'not-needed' },
      stranger.auth,
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('APPLICATION.NOT_VACANCY_OWNER');
    expect((await t.store.applications.findOne({ _id: applicationId }))?.status).toBe('Accepted');
  });
  test("another worker cannot answer a worker's confirmation: 404 as if it did not exist, and it stays open", async () => {
    const owner = await t.worker();
    const { applicationId } = await askedConfirmation(owner);
    const stranger = await t.worker();
    const res = await t.client.post(
      `/workers/applications/${applicationId}/confirmation`,
      { answer: 'no' },
      stranger.auth,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('APPLICATION.NOT_FOUND');
    expect((await t.store.confirmations.findOne({ applicationId }))?.state).toBe('Asked');
    expect((await t.store.applications.findOne({ _id: applicationId }))?.status).toBe('Accepted');
  });

  test("an estate cannot see the day board of another estate's moba", async () => {
    const owner = await t.estate();
    const stranger = await t.estate();
    const { vacancyId } = await t.vacancy({ estateId: owner.id });
    const res = await t.client.get(`/estates/vacancies/${vacancyId}/board`, stranger.auth);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('APPLICATION.NOT_VACANCY_OWNER');
    expect((await t.client.get(`/estates/vacancies/${vacancyId}/board`, owner.auth)).status).toBe(200);
  });

  test("a moba's meeting details: another worker, a pending applicant and another estate get 403 NOT_ON_MOBA", async () => {
    const owner = await t.estate();
    const { vacancyId } = await t.vacancy({ estateId: owner.id });
    const accepted = await t.worker();
    await acceptOn(accepted, vacancyId);
    const pending = await t.worker();
    await t.apply(pending, vacancyId);
    for (const stranger of [await t.worker(), pending, await t.estate()]) {
      const res = await t.client.get(`/mobas/${vacancyId}/day-of-work`, stranger.auth);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('APPLICATION.NOT_ON_MOBA');
    }
    expect((await t.client.get(`/mobas/${vacancyId}/day-of-work`, accepted.auth)).status).toBe(200);
    expect((await t.client.get(`/mobas/${vacancyId}/day-of-work`, owner.auth)).status).toBe(200);
  });

  test("an estate cannot see the approved applicants of another estate's vacancy", async () => {
    const owner = await t.estate();
    const stranger = await t.estate();
    const { vacancyId } = await t.vacancy({ estateId: owner.id });
    const res = await t.client.get(`/estates/vacancies/${vacancyId}/applicants/approved`, stranger.auth);
    expect(res.status).toBe(403);
    expect(
      (await t.client.get(`/estates/vacancies/${vacancyId}/applicants/approved`, owner.auth)).status,
    ).toBe(200);
  });

  test("a worker's my-vacancies never include another worker's applications", async () => {
    const { applicationId } = await pendingApplication();
    const other = await t.worker();
    const active = await t.client.get('/workers/vacancies/my/active', other.auth);
    expect(active.body.some((v: { application: { id: string } }) => v.application.id === applicationId)).toBe(
      false,
    );
  });

  test("a worker's application statuses list only their own, never another worker's", async () => {
    const { vacancyId } = await t.vacancy();
    const me = await t.worker();
    const applicationId = (await t.apply(me, vacancyId)).body.id as string;
    const other = await t.worker();
    const theirs = await t.client.get('/workers/applications', other.auth);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
    const mine = await t.client.get('/workers/applications', me.auth);
    expect(mine.body).toEqual([{ vacancyId, applicationId, status: 'Pending' }]);
  });

  test('a worker applies only as themselves: a workerId in the body is ignored', async () => {
    const { vacancyId } = await t.vacancy();
    const me = await t.worker();
    const victim = await t.worker();
    const res = await t.client.post('/applications/create', { vacancyId, workerId: victim.id }, me.auth);
    expect(res.status).toBe(201);
    expect(await t.store.applications.findOne({ _id: res.body.id })).toMatchObject({ workerId: me.id });
    expect(await t.store.applications.count({ workerId: victim.id })).toBe(0);
  });

  test("an estate cannot see the roster of another estate's vacancy nor mark its attendance", async () => {
    const owner = await t.estate();
    const stranger = await t.estate();
    const { vacancyId, applicationId } = await acceptedToday(owner.id);
    const roster = await t.client.get(`/estates/vacancies/${vacancyId}/roster`, stranger.auth);
    expect(roster.status).toBe(403);
    expect(roster.body.error.code).toBe('APPLICATION.NOT_VACANCY_OWNER');
    const marks = { marks: [{ personId: applicationId, attendance: 'DidNotCome' }] };
    const marked = await t.client.post(`/estates/vacancies/${vacancyId}/attendance`, marks, stranger.auth);
    expect(marked.status).toBe(403);
    expect((await t.store.applications.findOne({ _id: applicationId }))!.attendance).toBeUndefined();
    const dayMarks = { day: t.daysAfterToday(0), marks: [{ personId: applicationId, attendance: 'Came' }] };
    const byDay = await t.client.post(`/estates/vacancies/${vacancyId}/attendance`, dayMarks, stranger.auth);
    expect(byDay.status).toBe(403);
    expect((await t.store.applications.findOne({ _id: applicationId }))!.attendanceByDay).toBeUndefined();
    expect((await t.client.get(`/estates/vacancies/${vacancyId}/roster`, owner.auth)).status).toBe(200);
  });

  test("an estate cannot broadcast to another estate's moba: 403, nothing recorded or sent", async () => {
    const owner = await t.estate();
    const stranger = await t.estate();
    const { vacancyId } = await acceptedToday(owner.id);
    const body = { template: 'no-work', day: t.daysAfterToday(1) };
    const res = await t.client.post(`/estates/vacancies/${vacancyId}/broadcasts`, body, stranger.auth);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('APPLICATION.NOT_VACANCY_OWNER');
    expect(await t.store.broadcasts.count({ vacancyId })).toBe(0);
    expect((await t.store.vacancies.findOne({ _id: vacancyId }))!.workDays).toBeUndefined();
    // an admin may not send as the estate either
    const admin = await t.admin();
    expect((await t.client.post(`/estates/vacancies/${vacancyId}/broadcasts`, body, admin.auth)).status).toBe(
      403,
    );
    expect((await t.client.post(`/estates/vacancies/${vacancyId}/broadcasts`, body, owner.auth)).status).toBe(
      201,
    );
  });

  test("only the leader edits their crew: another worker's PUT /workers/me/crew writes their own, never the leader's", async () => {
    const { leader } = await crewApplication();
    const before = await t.client.get('/workers/me/crew', leader.auth);
    const other = await t.worker({ groupLeader: true });
    const res = await t.client.put(
      '/workers/me/crew',
      { leaderId: leader.id, members: crewNames(6) },
      other.auth,
    );
    expect(res.status).toBe(200);
    expect(res.body.leaderId).toBe(other.id);
    expect((await t.client.get('/workers/me/crew', leader.auth)).body).toEqual(before.body);
    const theirs = await t.client.get('/workers/me/crew', other.auth);
    expect(theirs.body.members).toHaveLength(6);
  });

  test('a crew invitation is answered only by the worker invited: another worker and the leader get not found, and it stays pending', async () => {
    const invited = await t.worker();
    const { leader, invitationId } = await invitationFor(invited);
    const another = await t.worker();
    for (const answer of ['accept', 'decline'])
      for (const someoneElse of [another, leader]) {
        const res = await t.client.post(
          `/workers/me/crew-invitations/${invitationId}/${answer}`,
          undefined,
          someoneElse.auth,
        );
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('APPLICATION.CREW_INVITATION_NOT_FOUND');
      }
    expect((await t.client.get('/workers/me/crew-invitations', another.auth)).body).toEqual([]);
    expect((await t.client.get('/workers/me/crew-invitations', invited.auth)).body).toEqual([
      expect.objectContaining({ id: invitationId }),
    ]);
  });

  test("a leader cannot apply with another leader's crew members", async () => {
    const { memberIds } = await crewApplication();
    const { vacancyId } = await t.vacancy();
    const other = await t.worker({ groupLeader: true });
    await t.client.put('/workers/me/crew', { members: crewNames(5) }, other.auth);
    const res = await t.client.post('/applications/create', { vacancyId, memberIds }, other.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('APPLICATION.NOT_CREW_MEMBER');
  });

  test('an expired or foreign token is refused with 401', async () => {
    const expired = await testToken('Admin', {}, -10);
    expect((await t.client.get('/admin/stats', expired.auth)).status).toBe(401);
    expect((await t.client.get('/admin/stats', { authorization: 'Bearer not.a.token' })).status).toBe(401);
  });
});
