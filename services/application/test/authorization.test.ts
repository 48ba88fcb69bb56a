import type { Role } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
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

const cases: Case[] = [
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
    name: 'GET /admin/stats',
    method: 'GET',
    setup: async () => ({ path: '/admin/stats' }),
    allowed: { Admin: 200 },
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

  test('an expired or foreign token is refused with 401', async () => {
    const expired = await testToken('Admin', {}, -10);
    expect((await t.client.get('/admin/stats', expired.auth)).status).toBe(401);
    expect((await t.client.get('/admin/stats', { authorization: 'Bearer not.a.token' })).status).toBe(401);
  });
});
