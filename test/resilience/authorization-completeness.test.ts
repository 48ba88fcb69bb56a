import type { Role } from '@moba/contracts';
import { eventually, type TestClient, type TestResponse } from '@moba/platform/testing';
import { routeTable, type RouteSpec } from '../../gateway/src/route-table';
import { authorizationGaps, pathPattern, routeKey } from './support/authorization-coverage';
import {
  buildWorld,
  CALLERS,
  concretePath,
  expectedAuthorization,
  type Session,
  type World,
} from './support/world';
import { loginAdmin, registeredUser, startProduct } from '../support/product';
import { seasonJobs } from '../../scripts/season/season-data';

/**
 * Authorization completeness: every route of the gateway's table, for a visitor, a Worker, an Estate
 * and an Admin, through the real gateway and services; and for every route that acts on an object
 * which may be someone else's (ownsObject), an IDOR scenario here and an IDOR test in its service.
 * A route added to the table without that evidence makes this file fail.
 */

type Stranger = { Worker: Session; Estate: Session };
interface IdorContext {
  client: TestClient;
  world: World & { sponsoredVacancy: string };
  stranger: Stranger;
}
/**
 * A leader lists the owner's phone in their crew; the owner is invited. A stranger answering the
 * owner's invitation is refused as if it did not exist, and the invitation stays the owner's to answer.
 */
async function strangerAnswersCrewInvitation({ client, world, stranger }: IdorContext, answer: string) {
  const owner = world.season.workerSessions[1];
  const { phone } = (await client.get('/api/workers/me', owner.auth)).body as { phone: string };
  const invitationIds = async () =>
    ((await client.get('/api/workers/me/crew-invitations', owner.auth)).body as { id: string }[]).map(
      (i) => i.id,
    );
  const before = new Set(await invitationIds());
  const leader = await registeredUser(client, 'worker', { groupLeader: true, groupSize: 8 });
  const members = [{ name: 'Pozvani', phone }, ...['A', 'B', 'C', 'D'].map((n) => ({ name: `Član ${n}` }))];
  expect((await client.put('/api/workers/me/crew', { members }, leader.auth)).status).toBe(200);
  const invitationId = await eventually(
    async () => (await invitationIds()).find((id) => !before.has(id)),
    'the owner is invited',
  );
  const invitation = { id: invitationId };
  for (const someoneElse of [stranger.Worker, leader]) {
    const res = await client.post(
      `/api/workers/me/crew-invitations/${invitation.id}/${answer}`,
      {},
      someoneElse.auth,
    );
    expect(res.status).toBe(404);
  }
  const stillPending = (await client.get('/api/workers/me/crew-invitations', owner.auth)).body as {
    id: string;
  }[];
  expect(stillPending.map((i) => i.id)).toContain(invitation.id);
  expect((await client.get('/api/workers/me/crew', leader.auth)).body.members[0].link).toBe('invited');
}

/** A fresh worker accepted on one of the season's open mobas, through the gateway (standby IDOR scenarios). */
async function ownersAcceptedApplication({ client, world }: IdorContext) {
  const owner = await registeredUser(client, 'worker');
  for (const vacancyId of world.season.openVacancies) {
    const applied = await client.post('/api/applications/create', { vacancyId }, owner.auth);
    if (applied.status !== 201) continue;
    const id = applied.body.id as string;
    const accepted = await client.post(`/api/admin/applications/${id}/accept`, {}, world.admin.auth);
    if (accepted.status === 200) return { owner, id };
  }
  throw new Error('no open moba took the owner');
}
const statusOfOwn = async (client: TestClient, owner: { auth: Record<string, string> }, id: string) =>
  (
    (await client.get('/api/workers/applications', owner.auth)).body as {
      applicationId: string;
      status: string;
    }[]
  ).find((a) => a.applicationId === id)?.status;

/** A new moba of the first estate with meeting details (issue #31), once the application service knows them. */
async function mobaWithMeeting({ client, world }: IdorContext) {
  const owner = world.season.estateSessions[0];
  const meeting = { point: 'Kod zadruge', time: '06:30', contactName: 'Predrag', contactPhone: '0645551234' };
  const created = await client.post(
    '/api/estates/vacancies/create',
    { ...(await vacancyBody(client)), dayOfWork: { meeting } },
    owner.auth,
  );
  expect(created.status).toBe(201);
  const vacancyId = created.body.id as string;
  await eventually(async () => {
    const res = await client.get(`/api/mobas/${vacancyId}/day-of-work`, owner.auth);
    return res.status === 200 && res.body.meeting?.point === 'Kod zadruge';
  }, "the moba's meeting details reach the application service");
  return { owner, vacancyId };
}

/** Each scenario: the stranger acts on the owner's object; the check proves refusal and no effect. */
const gatewayIdor: Record<string, (c: IdorContext) => Promise<void>> = {
  'POST /workers/applications/:id/cancel': async (c) => {
    const { owner, id } = await ownersAcceptedApplication(c);
    const res = await c.client.post(
      `/api/workers/applications/${id}/cancel`,
      { reason: 'sick' },
      c.stranger.Worker.auth,
    );
    expect([403, 404]).toContain(res.status);
    expect(await statusOfOwn(c.client, owner, id)).toBe('Accepted');
  },
  'POST /workers/applications/:id/take-place': async (c) => {
    const owner = await registeredUser(c.client, 'worker');
    const vacancyId = c.world.season.openVacancies[0];
    const id = (await c.client.post('/api/applications/create', { vacancyId }, owner.auth)).body.id as string;
    const res = await c.client.post(`/api/workers/applications/${id}/take-place`, {}, c.stranger.Worker.auth);
    expect([403, 404]).toContain(res.status);
    expect(await statusOfOwn(c.client, owner, id)).toBe('Pending');
  },
  'POST /estates/applications/:id/remove': async (c) => {
    const { owner, id } = await ownersAcceptedApplication(c);
    const res = await c.client.post(
      `/api/estates/applications/${id}/remove`,
      { reason: 'not-needed' },
      c.stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
    expect(await statusOfOwn(c.client, owner, id)).toBe('Accepted');
  },
  'PUT /estates/vacancies/:id/day-of-work': async (c) => {
    const { owner, vacancyId } = await mobaWithMeeting(c);
    const body = {
      meeting: { point: 'Kod stranca', time: '05:00', contactName: 'X', contactPhone: '0641112223' },
    };
    const res = await c.client.put(
      `/api/estates/vacancies/${vacancyId}/day-of-work`,
      body,
      c.stranger.Estate.auth,
    );
    expect(res.status).toBe(404);
    const worker = await c.client.put(
      `/api/estates/vacancies/${vacancyId}/day-of-work`,
      body,
      c.stranger.Worker.auth,
    );
    expect(worker.status).toBe(403);
    const own = await c.client.get(`/api/mobas/${vacancyId}/day-of-work`, owner.auth);
    expect(own.body.meeting.point).toBe('Kod zadruge');
  },
  'GET /mobas/:id/day-of-work': async (c) => {
    const { vacancyId } = await mobaWithMeeting(c);
    for (const stranger of [c.stranger.Worker, c.stranger.Estate]) {
      const res = await c.client.get(`/api/mobas/${vacancyId}/day-of-work`, stranger.auth);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('APPLICATION.NOT_ON_MOBA');
      expect(JSON.stringify(res.body)).not.toContain('Kod zadruge');
    }
  },
  'POST /workers/me/crew-invitations/:id/accept': (c) => strangerAnswersCrewInvitation(c, 'accept'),
  'POST /workers/me/crew-invitations/:id/decline': (c) => strangerAnswersCrewInvitation(c, 'decline'),
  'PUT /estates/:id': async ({ client, world, stranger }) => {
    const owner = world.season.estateSessions[0];
    const res = await client.put(
      `/api/estates/${owner.userId}`,
      { description: 'hijacked by a stranger' },
      stranger.Estate.auth,
    );
    expect(res.status).toBe(403);
    expect((await client.get('/api/estates/me', owner.auth)).body.description).not.toBe(
      'hijacked by a stranger',
    );
  },
  'PUT /workers/:id': async ({ client, world, stranger }) => {
    const owner = world.season.workerSessions[0];
    const res = await client.put(
      `/api/workers/${owner.userId}`,
      { skills: 'hijacked by a stranger' },
      stranger.Worker.auth,
    );
    expect(res.status).toBe(403);
    expect((await client.get('/api/workers/me', owner.auth)).body.skills).not.toBe('hijacked by a stranger');
  },
  'DELETE /estates/vacancies/:id': async ({ client, world, stranger }) => {
    const owner = world.season.estateSessions[0];
    const mine = (await client.get('/api/estates/vacancies/all', owner.auth)).body as { id: string }[];
    const res = await client.delete(`/api/estates/vacancies/${mine[0].id}`, stranger.Estate.auth);
    expect([403, 404]).toContain(res.status);
    const after = (await client.get('/api/estates/vacancies/all', owner.auth)).body as { id: string }[];
    expect(after.map((v) => v.id)).toContain(mine[0].id);
  },
  'POST /estates/vacancies/:id/feature': async ({ client, world, stranger }) => {
    const owner = world.season.estateSessions[0];
    type Own = { id: string; featured: boolean; featuring: string };
    const before = (await client.get('/api/estates/vacancies/all', owner.auth)).body as Own[];
    const res = await client.post(`/api/estates/vacancies/${before[0].id}/feature`, {}, stranger.Estate.auth);
    expect([403, 404]).toContain(res.status);
    const after = (await client.get('/api/estates/vacancies/all', owner.auth)).body as Own[];
    const same = after.find((v) => v.id === before[0].id)!;
    expect({ featured: same.featured, featuring: same.featuring }).toEqual({
      featured: before[0].featured,
      featuring: before[0].featuring,
    });
  },
  'GET /estates/vacancies/:id/applicants/approved': async ({ client, world, stranger }) => {
    const res = await client.get(
      `/api/estates/vacancies/${world.season.finishedVacancies[0]}/applicants/approved`,
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
  },
  'POST /workers/applications/:id/confirmation': async ({ client, world, stranger }) => {
    // An accepted application of a worker of the season; a stranger "declining" it would free its place.
    const mine = async (w: Session) =>
      [
        ...(await client.get('/api/workers/vacancies/my/active', w.auth)).body,
        ...(await client.get('/api/workers/vacancies/my/finished', w.auth)).body,
      ] as { application: { id: string; status: string } }[];
    let owner: Session | undefined;
    let accepted: { application: { id: string } } | undefined;
    for (const w of world.season.workerSessions) {
      accepted = (await mine(w)).find((v) => v.application.status === 'Accepted');
      if (accepted) {
        owner = w;
        break;
      }
    }
    if (!owner || !accepted) throw new Error('the season accepted nobody');
    const res = await client.post(
      `/api/workers/applications/${accepted.application.id}/confirmation`,
      { answer: 'no' },
      stranger.Worker.auth,
    );
    expect(res.status).toBe(404);
    const after = (await mine(owner)).find((v) => v.application.id === accepted.application.id);
    expect(after?.application.status).toBe('Accepted');
  },
  'GET /estates/vacancies/:id/board': async ({ client, world, stranger }) => {
    const res = await client.get(
      `/api/estates/vacancies/${world.season.finishedVacancies[0]}/board`,
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
    expect(res.body.rows).toBeUndefined();
  },
  'GET /estates/vacancies/:id/roster': async ({ client, world, stranger }) => {
    const res = await client.get(
      `/api/estates/vacancies/${world.season.finishedVacancies[0]}/roster`,
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
    expect(res.body.people).toBeUndefined();
  },
  'POST /estates/vacancies/:id/attendance': async ({ client, world, stranger }) => {
    const vacancyId = world.season.finishedVacancies[0];
    const rosters = await Promise.all(
      world.season.estateSessions.map((estate) =>
        client.get(`/api/estates/vacancies/${vacancyId}/roster`, estate.auth),
      ),
    );
    const before = rosters.find((r) => r.status === 200)!.body as {
      people: { personId: string; attendance: string | null }[];
    };
    const res = await client.post(
      `/api/estates/vacancies/${vacancyId}/attendance`,
      {
        marks: [...before.people.map((p) => p.personId), world.season.workerSessions[0].userId].map(
          (personId) => ({ personId, attendance: 'DidNotCome' }),
        ),
      },
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
    const owner = world.season.estateSessions[rosters.findIndex((r) => r.status === 200)];
    expect((await client.get(`/api/estates/vacancies/${vacancyId}/roster`, owner.auth)).body).toEqual(before);
  },
  'POST /estates/vacancies/:id/broadcasts': async ({ client, world, stranger }) => {
    const vacancyId = world.season.finishedVacancies[0];
    const report = () => client.get(`/api/estates/vacancies/${vacancyId}/broadcasts`, world.admin.auth);
    const before = (await report()).body;
    const res = await client.post(
      `/api/estates/vacancies/${vacancyId}/broadcasts`,
      { template: 'free', text: 'Poruka tuđeg imanja' },
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
    expect((await report()).body).toEqual(before);
  },
  'GET /estates/vacancies/:id/broadcasts': async ({ client, world, stranger }) => {
    const res = await client.get(
      `/api/estates/vacancies/${world.season.finishedVacancies[0]}/broadcasts`,
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
    expect(res.body.broadcasts).toBeUndefined();
  },
  'GET /workers/vacancy/:id/estate/for-rating': async ({ client, world, stranger }) => {
    const res = await client.get(
      `/api/workers/vacancy/${world.season.finishedVacancies[0]}/estate/for-rating`,
      stranger.Worker.auth,
    );
    expect([403, 404]).toContain(res.status);
  },
  'POST /users/:id/rate/estate': async ({ client, world, stranger }) => {
    const estate = world.season.estateSessions[0];
    const vacancyId = world.season.finishedVacancies[0];
    const before = (await client.get('/api/users/me/ratings', estate.auth)).body.count;
    const res = await client.post(
      `/api/users/${estate.userId}/rate/estate`,
      { grade: 1, vacancyId },
      stranger.Worker.auth,
    );
    expect([403, 404]).toContain(res.status);
    expect((await client.get('/api/users/me/ratings', estate.auth)).body.count).toBe(before);
  },
  'GET /estates/vacancy/:id/workers/for-rating': async ({ client, world, stranger }) => {
    const res = await client.get(
      `/api/estates/vacancy/${world.season.finishedVacancies[0]}/workers/for-rating`,
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
  },
  'POST /users/:id/rate/worker': async ({ client, world, stranger }) => {
    const owner = world.season.estateSessions[0];
    const vacancyId = world.season.finishedVacancies[0];
    const list = (await client.get(`/api/estates/vacancy/${vacancyId}/workers/for-rating`, owner.auth))
      .body as { workers: { workerId: string }[] };
    const workerId = list.workers[0]?.workerId ?? world.season.workerSessions[0].userId;
    const res = await client.post(
      `/api/users/${workerId}/rate/worker`,
      { grade: 1, vacancyId },
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
  },
  'POST /users/rate/workers': async ({ client, world, stranger }) => {
    const vacancyId = world.season.finishedVacancies[0];
    const workerId = world.season.workerSessions[0].userId;
    const res = await client.post(
      '/api/users/rate/workers',
      { vacancyId, ratings: [{ workerId, grade: 1 }] },
      stranger.Estate.auth,
    );
    expect([403, 404]).toContain(res.status);
  },
  'POST /notifications/read': async ({ client, world, stranger }) => {
    const owner = world.season.workerSessions[0];
    const before = (await client.get('/api/notifications/all', owner.auth)).body as { id: string }[];
    expect(before.length).toBeGreaterThan(0);
    const ids = before.map((n) => n.id);
    for (const shouldDelete of [false, true]) {
      const res = await client.post(
        '/api/notifications/read',
        { notificationIds: ids, shouldDelete },
        stranger.Worker.auth,
      );
      expect(res.status).toBeLessThan(300);
      expect(res.body.count).toBe(0);
    }
    expect((await client.get('/api/notifications/all', owner.auth)).body).toEqual(before);
  },
  'POST /payment/create': async ({ client, world, stranger }) => {
    const res = await client.post(
      '/api/payment/create',
      { purpose: 'featuring', vacancyId: world.season.openVacancies[0] },
      stranger.Estate.auth,
    );
    expect(res.status).toBe(403);
  },
  'GET /payment/status/:id': async ({ client, world, stranger }) => {
    const owner = world.season.estateSessions[0];
    const sponsored = world.sponsoredVacancy;
    const created = await client.post(
      '/api/payment/create',
      { purpose: 'featuring', vacancyId: sponsored },
      owner.auth,
    );
    expect(created.status).toBe(200);
    expect((await client.get(`/api/payment/status/${sponsored}`, owner.auth)).status).toBe(200);
    expect((await client.get(`/api/payment/status/${sponsored}`, stranger.Estate.auth)).status).toBe(403);
    expect((await client.get(`/api/payment/status/${sponsored}`, stranger.Worker.auth)).status).toBe(403);
  },
};

/** Public at the gateway, authenticated by the provider's HMAC signature instead: 401 for every caller without one. */
const signedByProvider = new Set(['POST /payment/callback', 'POST /sms/inbound']);

/** Routes whose row in the service's test is written without the literal path, and the evidence instead. */
const evidenceInsteadOfPath: Record<string, RegExp> = {
  'GET /payment/checkout/:id': /the checkout link works for whoever holds it/,
  'POST /payment/checkout/:id/:outcome': /h\.press\(/,
};

describe('the coverage check itself (unit)', () => {
  it('reads every route of the table and finds authorization evidence for each', () => {
    const gaps = authorizationGaps(routeTable, new Set(Object.keys(gatewayIdor))).filter(
      (g) => !(evidenceInsteadOfPath[g.route] && g.missing.startsWith('no row')),
    );
    expect(gaps).toEqual([]);
  });

  it('fails when a route is added to the table without authorization tests', () => {
    const extra: RouteSpec = {
      method: 'POST',
      path: '/estates/vacancies/:id/clone',
      service: 'vacancy',
      access: ['Estate'],
      ownsObject: true,
    };
    const gaps = authorizationGaps([...routeTable, extra], new Set(Object.keys(gatewayIdor))).map(
      (g) => g.route,
    );
    expect(gaps.filter((r) => r === routeKey(extra))).toHaveLength(3); // no row, no IDOR in the service, no gateway IDOR
  });

  it('fails for a route of a service without an authorization test file', () => {
    const gaps = authorizationGaps(
      [{ method: 'GET', path: '/x', service: 'vacancy', access: 'user' }],
      new Set(),
      () => undefined,
    );
    expect(gaps[0].missing).toMatch(/does not exist/);
  });

  it('finds paths however the tests write their ids', () => {
    expect(pathPattern('/estates/:id').test('put(`/estates/${otherEstate.id}`, {')).toBe(true);
    expect(pathPattern('/estates/:id').test("['PUT', '/estates/:self', only('estate')]")).toBe(true);
    expect(pathPattern('/estates/:id').test("get('/estates/vacancies/all')")).toBe(false);
    expect(
      pathPattern('/estates/vacancies/:id/applicants/approved').test(
        '`/estates/vacancies/${(await t.vacancy({ estateId: s.Estate.id })).vacancyId}/applicants/approved`',
      ),
    ).toBe(true);
  });

  it('keeps no stale exceptions', () => {
    for (const key of [...Object.keys(gatewayIdor), ...Object.keys(evidenceInsteadOfPath)])
      expect(routeTable.map(routeKey)).toContain(key);
    for (const [key, evidence] of Object.entries(evidenceInsteadOfPath)) {
      const route = routeTable.find((r) => routeKey(r) === key)!;
      const text = require('node:fs').readFileSync(
        require('node:path').join(__dirname, `../../services/${route.service}/test/authorization.test.ts`),
        'utf8',
      );
      expect(text).toMatch(evidence);
    }
  });
});

describe('every route × visitor, Worker, Estate, Admin through the gateway (embedded product)', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let world: World & { sponsoredVacancy: string };
  let stranger: Stranger;

  beforeAll(async () => {
    product = await startProduct();
    const built = await buildWorld(product.client);
    const [worker, estate] = [
      await registeredUser(product.client, 'worker'),
      await registeredUser(product.client, 'estate'),
    ];
    stranger = { Worker: worker, Estate: estate };
    // A paid featuring in progress for the first estate. Its promo goes to its first published moba:
    // where the season's mobas were all held for review, this first sponsored one takes it, the next pays.
    const owner = built.season.estateSessions[0];
    const sponsored = async () => {
      const created = await product.client.post(
        '/api/estates/vacancies/create',
        { ...(await vacancyBody(product.client)), sponsored: true },
        owner.auth,
      );
      if (created.status !== 201) throw new Error(`sponsored vacancy: ${created.status} ${created.text}`);
      return created.body as { id: string; featuring: string };
    };
    let created = await sponsored();
    if (created.featuring === 'free') created = await sponsored();
    if (created.featuring !== 'paid') throw new Error(`sponsored vacancy featured ${created.featuring}`);
    world = { ...built, sponsoredVacancy: created.id };
  }, 240_000);
  afterAll(() => product?.stop(), 60_000);

  const rows = routeTable.flatMap((route) =>
    CALLERS.map((caller) => [routeKey(route), caller, route] as const),
  );

  /** Logging out ends the session it is called with: those rows get a session of their own. */
  const endsSessions = new Set(['POST /logout', 'POST /users/me/logout-everywhere']);
  const throwawaySession = async (role: Role) =>
    role === 'Admin'
      ? (await loginAdmin(product.client)).auth
      : (await registeredUser(product.client, role === 'Worker' ? 'worker' : 'estate')).auth;

  test.each(rows)('%s as %s', async (_key, caller, route) => {
    const headers =
      caller === 'visitor'
        ? {}
        : endsSessions.has(routeKey(route))
          ? await throwawaySession(caller as Role)
          : world.sessions[caller as Role].auth;
    const method = route.method;
    // An allowed caller acts on its own profile (a random id would rightly be someone else's: 403).
    const own =
      caller !== 'visitor' && /^\/(estates|workers)\/:id$/.test(route.path)
        ? { id: world.sessions[caller as Role].userId }
        : ({} as Record<string, string>);
    const res: TestResponse = await product.client.request(method, concretePath(route, own), {
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
      headers,
    });
    // Every admin session ended: the matrix goes on with a new one.
    if (caller === 'Admin' && routeKey(route) === 'POST /users/me/logout-everywhere')
      world.sessions.Admin.auth = (await loginAdmin(product.client)).auth;
    const expected = signedByProvider.has(routeKey(route)) ? 401 : expectedAuthorization(route, caller);
    const seen = { status: res.status, code: res.body?.error?.code ?? res.text.slice(0, 60) };
    expect(res.status).toBeLessThan(500);
    if (signedByProvider.has(routeKey(route)))
      expect(seen.status).toBe(401); // no bearer token replaces the signature
    else if (expected === 401) expect(seen).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    else if (expected === 403) expect(seen).toEqual({ status: 403, code: 'FORBIDDEN' });
    else {
      // Not refused by authorization: a 400/404/409 of the use case is fine; a 403 only with a domain code.
      expect(seen.status).not.toBe(401);
      if (seen.status === 403) expect(seen.code).not.toBe('FORBIDDEN');
    }
  });

  test.each(Object.keys(gatewayIdor))(
    "%s on another user's object is refused and changes nothing",
    async (key) => {
      await gatewayIdor[key]({ client: product.client, world, stranger });
    },
  );
});

/** A valid create body, dated after the (moved) product clock. */
export async function vacancyBody(client: TestClient) {
  const now = new Date((await client.get('/api/dev/clock')).body.now).getTime();
  const day = (n: number) => new Date(now + n * 86_400_000).toISOString().slice(0, 10);
  const job = seasonJobs[0];
  return {
    title: 'Berba — Arilje',
    description: 'Sezonski posao u voćnjaku, rad u smenama, dobri uslovi i korektna isplata.',
    municipality: 'Arilje',
    crops: [job.crop],
    // Pruning is in season whatever the dev clock's month: the moba is published, not held for review.
    jobActivities: ['rezidba-orezivanje'],
    startDate: day(10),
    endDate: day(20),
    numberOfWorkers: 5,
    workStartTime: '07:00',
    workEndTime: '15:00',
    hoursPerDay: 8,
    foodProvided: true,
    transportProvided: false,
    accommodationProvided: false,
    groupLeadersAccepted: false,
    paymentType: 'DailyWage',
    dailyWage: 3500,
  };
}
