import { createHmac, randomUUID } from 'node:crypto';
import { eventually, type TestClient } from '@moba/platform/testing';
import { createRouteMatcher, routeTable, type RouteSpec } from '../gateway/src/route-table';
import { simulateSeason } from '../scripts/season/simulate-season';
import {
  ADMIN,
  loginAdmin,
  mailedLink,
  mobaBody,
  pressCheckout,
  registeredUser,
  startProduct,
  tokenOf,
} from './support/product';
import { concretePath } from './resilience/support/world';
import { exerciseStandby } from './support/exercise-standby';
import { dayBefore } from '@moba/contracts';
import { localInstant } from '../services/application/src/domain/work-days';

/**
 * /api/docs cannot drift from what the product answers: a small season runs through the real
 * gateway and services with every answer recorded, the routes it leaves out are each made to
 * succeed once (below, by group: account, moderation, payments), then every route of the gateway's
 * table is asked something invalid by a caller it lets through. Each status seen must be documented
 * for its route; every route's documented success and (where it takes input) its 400 must have been
 * seen: no route is excused.
 */

type Season = Awaited<ReturnType<typeof simulateSeason>>;
type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
type Auth = Record<string, string>;
type Product = Awaited<ReturnType<typeof startProduct>>;
type Note = (method: string, path: string, status: number) => void;
const routeKey = (route: Pick<RouteSpec, 'method' | 'path'>) => `${route.method} ${route.path}`;
const docPath = (route: RouteSpec) => `/api${route.path.replace(/:([a-zA-Z]+)/g, '{$1}')}`;
const DAY_MS = 86_400_000;
const SANDBOX_SECRET = 'docs-drift-sandbox-secret-0123456789';

/** Notes the status of a call under the route of the gateway's table it reaches, if any. */
function recorder(seen: Map<string, Set<number>>): Note {
  const match = createRouteMatcher();
  return (method, path, status) => {
    const route = path.startsWith('/api/') ? match(method, path.split('?')[0].slice(4)) : undefined;
    if (!route) return;
    const statuses = seen.get(routeKey(route)) ?? new Set<number>();
    statuses.add(status);
    seen.set(routeKey(route), statuses);
  };
}

/** A client that notes the status of every call it makes. */
function recording(client: TestClient, note: Note): TestClient {
  const request: TestClient['request'] = async (method, path, options) => {
    const response = await client.request(method, path, options);
    note(method, path, response.status);
    return response;
  };
  return {
    url: client.url,
    request,
    get: (path, headers) => request('GET', path, { headers }),
    post: (path, body, headers) => request('POST', path, { body, headers }),
    put: (path, body, headers) => request('PUT', path, { body, headers }),
    delete: (path, headers) => request('DELETE', path, { headers }),
  };
}

/** Forgotten password by the mailed link, then a change of it; profile edits; a profile photo. */
async function exerciseAccount(product: Product, client: TestClient, note: Note, season: Season) {
  const user = await registeredUser(client, 'worker');
  await client.post('/api/reset-password', { email: user.email });
  const link = await mailedLink(client, user.email, 'new-password');
  const password = 'sasvim-novo-7';
  await client.post('/api/set-new-password', { token: tokenOf(link), password, confirmPassword: password });
  const login = await client.post('/api/login', { email: user.email, password });
  await client.post(
    '/api/users/me/password',
    { currentPassword: password, password: 'jos-novije-8', confirmPassword: 'jos-novije-8' },
    { authorization: `Bearer ${login.body.token}` },
  );
  // Two sessions: one logs out, the other logs out everywhere.
  const sessions = [];
  for (let i = 0; i < 2; i++) {
    const session = await client.post('/api/login', { email: user.email, password: 'jos-novije-8' });
    sessions.push({ authorization: `Bearer ${session.body.token}` });
  }
  await client.post('/api/logout', undefined, sessions[0]);
  await client.post('/api/users/me/logout-everywhere', undefined, sessions[1]);

  const [worker, estate] = [season.workerSessions[0], season.estateSessions[0]];
  await client.put(`/api/workers/${worker.userId}`, { skills: 'berba i rezidba' }, worker.auth);
  await client.put(`/api/estates/${estate.userId}`, { description: 'Malinjak uz reku.' }, estate.auth);

  // A browser's multipart upload, which the JSON client cannot send.
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7d44' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const upload = await fetch(`${product.url}/api/users/me/photo`, {
    method: 'POST',
    body: form,
    headers: worker.auth,
  });
  note('POST', '/api/users/me/photo', upload.status);
  await client.get(((await upload.json()) as { photoUrl: string }).photoUrl);
}

/** The admin's peak tools (#23): queue health and filters, a bulk decision and its progress, matching help, daily stats. */
async function exerciseAdminAtPeak(client: TestClient, vacancyId: string, admin: Auth) {
  const worker = await registeredUser(client, 'worker');
  const applied = await client.post('/api/applications/create', { vacancyId }, worker.auth);
  await client.post('/api/admin/applications/queue', { municipality: 'Arilje' }, admin);
  await client.post('/api/admin/applications/pending', { vacancyId, sort: 'newest' }, admin);
  const batchId = randomUUID();
  await client.post(
    '/api/admin/applications/decisions',
    { batchId, decision: 'reject', applicationIds: [applied.body.id] },
    admin,
  );
  await client.get(`/api/admin/applications/decisions/${batchId}`, admin);
  await client.get(`/api/admin/vacancies/${vacancyId}/matches`, admin);
  await client.get('/api/admin/stats/daily', admin);
}

/**
 * A short moba of its own: one worker accepted, one rejected with a note, a guest placed in it,
 * its approved applicants, then (the clock moved past its end) the estate rates the worker.
 * Another moba is featured later.
 */
async function exerciseModeration(client: TestClient, estate: Auth, admin: Auth) {
  const moba = await client.post('/api/estates/vacancies/create', await mobaBody(client, {}, 1, 1), estate);
  const vacancyId = moba.body.id as string;
  const [accepted, rejected] = [
    await registeredUser(client, 'worker'),
    await registeredUser(client, 'worker'),
  ];
  const leader = await registeredUser(client, 'worker', { groupLeader: true, groupSize: 6 });
  // Two of the crew's phones are registered workers': each is invited, one joins, one declines.
  const members = [
    { name: 'Ana', phone: accepted.phone as string },
    { name: 'Bora', phone: rejected.phone as string },
    ...['Cvijeta', 'Dara', 'Đura'].map((name) => ({ name })),
  ];
  await eventually(
    async () => (await client.put('/api/workers/me/crew', { members }, leader.auth)).status === 200,
    'the leader keeps a crew (the worker replica may lag a moment)',
    10_000,
  );
  const crew = (await client.get('/api/workers/me/crew', leader.auth)).body as { members: { id: string }[] };
  for (const [invited, answer] of [
    [accepted, 'accept'],
    [rejected, 'decline'],
  ] as const) {
    const invitation = await eventually(
      async () =>
        (await client.get('/api/workers/me/crew-invitations', invited.auth)).body[0] as { id: string },
      'the crew invitation',
      10_000,
    );
    await client.post(`/api/workers/me/crew-invitations/${invitation.id}/${answer}`, {}, invited.auth);
  }
  const applied = await client.post('/api/applications/create', { vacancyId }, accepted.auth);
  await eventually(
    async () =>
      (await client.post(`/api/admin/applications/${applied.body.id}/accept`, {}, admin)).status === 200,
    'the admin accepts (the vacancy replica may lag a moment)',
    10_000,
  );
  // The moba's public page (issue #31), as a visitor opening a shared link reads it.
  await client.get(`/api/vacancies/${vacancyId}`);
  // Meeting details (issue #31): the estate gives them, the accepted worker reads them.
  const meeting = { point: 'Kod zadruge', time: '06:30', contactName: 'Predrag', contactPhone: '0645551234' };
  await client.put(`/api/estates/vacancies/${vacancyId}/day-of-work`, { meeting }, estate);
  await eventually(
    async () =>
      (await client.get(`/api/mobas/${vacancyId}/day-of-work`, accepted.auth)).body?.meeting?.point ===
      'Kod zadruge',
    'the accepted worker reads the meeting details',
    10_000,
  );
  const refused = await client.post('/api/applications/create', { vacancyId }, rejected.auth);
  await client.post(`/api/admin/applications/${refused.body.id}/reject`, {}, admin);
  await client.put(
    `/api/admin/applications/${refused.body.id}/update-note`,
    { note: 'Nije dostupan.' },
    admin,
  );

  const guest = await client.post('/api/signup-guest', {
    firstName: 'Gost',
    lastName: 'Gostić',
    phone: '0641112233',
    municipality: 'Arilje',
  });
  await client.get(`/api/admin/applications/${guest.body.id}/guest/pending`, admin);
  await client.get(`/api/admin/applications/guest/${guest.body.id}/matches`, admin);
  await exerciseAdminAtPeak(client, vacancyId, admin);
  await client.post(`/api/admin/applications/guest/${guest.body.id}/accept`, { vacancyId }, admin);
  await client.get(`/api/estates/vacancies/${vacancyId}/applicants/approved`, estate);
  // A crew on a moba of its own: part of it accepted.
  const crewMoba = await client.post(
    '/api/estates/vacancies/create',
    await mobaBody(client, {}, 1, 1),
    estate,
  );
  const memberIds = crew.members.slice(0, 3).map((m) => m.id);
  const crewApplied = await eventually(async () => {
    const res = await client.post(
      '/api/applications/create',
      { vacancyId: crewMoba.body.id, memberIds },
      leader.auth,
    );
    return res.status === 201 ? res : null;
  }, 'the leader applies with three members');
  await client.post(
    `/api/admin/applications/${crewApplied.body.id}/accept-part`,
    { memberIds: memberIds.slice(0, 2) },
    admin,
  );
  // The estate's message to the people accepted on it (#31), and the report of who got it.
  const messages = `/api/estates/vacancies/${crewMoba.body.id}/broadcasts`;
  await eventually(
    async () =>
      (await client.post(messages, { template: 'start-moved', value: '09:00' }, estate)).status === 201,
    'the estate sends a message',
    10_000,
  );
  await eventually(
    async () => (await client.get(messages, estate)).status === 200,
    'the report of the message',
    10_000,
  );

  const later = await client.post('/api/estates/vacancies/create', await mobaBody(client), estate);
  await client.post(`/api/estates/vacancies/${later.body.id}/feature`, undefined, estate);

  await exerciseConfirmation(client, estate, admin);

  await client.post('/api/dev/clock', { advanceMs: 3 * DAY_MS });
  await eventually(
    async () =>
      (await client.get(`/api/estates/vacancy/${vacancyId}/workers/for-rating`, estate)).status === 200,
    'the moba finished',
    20_000,
  );
  // The job has started (and ended): the roster, and who came.
  await client.get(`/api/estates/vacancies/${vacancyId}/roster`, estate);
  await client.post(
    `/api/estates/vacancies/${vacancyId}/attendance`,
    { marks: [{ personId: applied.body.id, attendance: 'Came' }] },
    estate,
  );
  await client.post(
    `/api/users/${accepted.userId}/rate/worker`,
    { grade: 5, comment: 'Vredan i tačan.', vacancyId },
    estate,
  );
}

/**
 * Confirmations (issue #31): a moba starting the day after tomorrow, a worker accepted on it; the
 * clock moves to 18:05 Belgrade on its eve, the worker confirms and the estate reads the day board.
 */
async function exerciseConfirmation(client: TestClient, estate: Auth, admin: Auth) {
  const body = await mobaBody(client, {}, 2, 1);
  const moba = await client.post('/api/estates/vacancies/create', body, estate);
  const vacancyId = moba.body.id as string;
  const worker = await registeredUser(client, 'worker');
  const applied = await eventually(async () => {
    const res = await client.post('/api/applications/create', { vacancyId }, worker.auth);
    return res.status === 201 ? res : null;
  }, 'the worker applies');
  await client.post(`/api/admin/applications/${applied.body.id}/accept`, {}, admin);
  const now = Date.parse((await client.get('/api/dev/clock')).body.now);
  const eve = localInstant(dayBefore(body.startDate as string), '18:05').getTime();
  if (eve > now) await client.post('/api/dev/clock', { advanceMs: eve - now });
  await eventually(
    async () => {
      const mine = (await client.get('/api/workers/vacancies/my/active', worker.auth)).body as {
        id: string;
        confirmation?: { state: string };
      }[];
      return mine.find((v) => v.id === vacancyId)?.confirmation?.state === 'Asked';
    },
    'the confirmation request',
    45_000,
  );
  await client.post(
    `/api/workers/applications/${applied.body.id}/confirmation`,
    { answer: 'yes' },
    worker.auth,
  );
  await client.get(`/api/estates/vacancies/${vacancyId}/board`, estate);
}

/**
 * A card donation paid on the sandbox checkout, its status, and the provider's signed callback
 * delivered again through the gateway (a replay: answered, and it changes nothing).
 */
async function exercisePayments(client: TestClient, note: Note) {
  await client.post('/api/payment/donation/instructions', { amount: 500, method: 'qr' });
  const checkoutUrl = (
    await client.post('/api/payment/create', { purpose: 'donation', amount: 500, method: 'card' })
  ).text;
  const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
  await client.get(`/api/payment/checkout/${sessionId}`);
  const pressed = await pressCheckout(checkoutUrl, 'succeeded');
  note('POST', new URL(pressed.action).pathname, pressed.status);
  const paymentId = new URL(pressed.location).searchParams.get('paymentId')!;
  const status = await client.get(`/api/payment/status/${paymentId}`);
  const raw = JSON.stringify({
    callbackId: randomUUID(),
    sessionId,
    paymentId,
    outcome: 'succeeded',
    amount: status.body.amount,
    currency: status.body.currency,
    occurredAt: new Date().toISOString(),
  });
  await client.request('POST', '/api/payment/callback', {
    raw,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-sandbox-signature': signed(raw) },
  });
}

const signed = (raw: string) => `sha256=${createHmac('sha256', SANDBOX_SECRET).update(raw).digest('hex')}`;

/** Posts fields as a browser's form does (no JavaScript): the status, content type and page. */
async function postForm(baseUrl: string, path: string, fields: Record<string, string>) {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** Whether the route takes input a caller can get wrong (a body, a UUID path id). */
const takesInput = (route: RouteSpec) =>
  Boolean(route.body) ||
  route.method === 'POST' ||
  route.method === 'PUT' ||
  (route.path.includes(':id') && !pathIdNotValidated.has(routeKey(route)));
/** The sandbox checkout page answers any unknown id, malformed or not, with 404. */
const pathIdNotValidated = new Set(['GET /payment/checkout/:id']);

const SMS_INBOUND_SECRET = 'drift-inbound-secret-0123';

describe('the OpenAPI document at /api/docs', () => {
  let product: Product;
  let doc: Doc;
  const seen = new Map<string, Set<number>>();

  beforeAll(async () => {
    product = await startProduct({
      PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
      SMS_INBOUND_SECRET,
      CONFIRMATION_SWEEP_INTERVAL_MS: '200',
    });
    doc = (await product.client.get('/api/docs')).body as Doc;
    const note = recorder(seen);
    const client = recording(product.client, note);
    const season = await simulateSeason(client, {
      estates: 2,
      workers: 4,
      mobasPerEstate: 2,
      seed: 4242,
      admin: ADMIN,
      finishJobs: true,
    });
    const sessions = {
      Worker: season.workerSessions[0].auth,
      Estate: season.estateSessions[0].auth,
      Admin: (await loginAdmin(product.client)).auth,
    };
    // The calls of a signed-in day the season leaves out, each made once as its owner would.
    const { Worker, Estate, Admin } = sessions;
    await client.get('/api/vacancies/preview');
    await client.get('/api/vacancies/open-by-crop');
    await client.get('/api/users/me', Worker);
    await client.post('/api/users/me/language', { language: 'sr-Cyrl' }, Worker);
    await client.get('/api/workers/applications', Worker);
    await client.get('/api/estates/featuring-offer', Estate);
    await client.get('/api/workers/me', Worker);
    await client.get('/api/estates/me', Estate);
    await client.post('/api/users/me/dont-show-guidance', { dontShowGuidance: true }, Worker);
    await client.get('/api/estates/vacancies/all', Estate);
    await client.post('/api/workers/vacancies/open', {}, Worker);
    await client.get('/api/workers/vacancies/my/active', Worker);
    await client.get('/api/workers/vacancies/my/finished', Worker);
    await client.get('/api/users/me/ratings', Worker);
    await client.get('/api/notifications/all', Worker);
    await client.post('/api/notifications/read', {}, Worker);
    await client.get('/api/sms/settings', Worker);
    await client.put('/api/sms/settings', { enabled: true, language: 'sr' }, Worker);
    await client.get('/api/job-alerts/settings', Worker);
    await client.put('/api/job-alerts/settings', { radiusKm: 50, crops: ['sljiva'] }, Worker);
    await client.put('/api/job-alerts/settings', { radiusKm: 42 }, Worker);
    await client.post('/api/sms/inbound', { results: [] });
    await client.post(
      '/api/sms/inbound',
      { results: [{ from: '381641234567', text: 'STOP' }] },
      { authorization: `Basic ${Buffer.from(`infobip:${SMS_INBOUND_SECRET}`).toString('base64')}` },
    );
    await client.post('/api/admin/vacancies/open', {}, Admin);
    await client.post('/api/admin/vacancies/all', {}, Admin);
    await client.post('/api/admin/users/all', {}, Admin);
    await client.post('/api/admin/applications/guest/pending', {}, Admin);
    await client.get('/api/admin/stats', Admin);
    await client.post('/api/contact-us', {
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Pitanje o mobama',
    });
    await exerciseAccount(product, client, note, season);
    await exercisePayments(client, note);
    const moba = await client.post('/api/estates/vacancies/create', await mobaBody(client), Estate);
    await client.delete(`/api/estates/vacancies/${moba.body.id}`, Estate);
    const banned = await registeredUser(product.client, 'worker');
    await client.post(`/api/admin/users/${banned.userId}/ban`, { reason: 'lažni nalog' }, Admin);
    await client.post(`/api/admin/users/${banned.userId}/reactivate`, undefined, Admin);
    await client.post('/api/admin/audit', { search: banned.userId }, Admin);
    const checked = await registeredUser(product.client, 'estate');
    await client.post(`/api/admin/estates/${checked.userId}/verify`, { note: 'BPG i PIB u registru' }, Admin);
    await client.post(`/api/admin/estates/${checked.userId}/unverify`, { note: 'opozvano' }, Admin);
    await exerciseModeration(client, Estate, Admin);
    await exerciseStandby(client, Estate, Admin);
    const held = await client.post(
      '/api/estates/vacancies/create',
      await mobaBody(client, { dailyWage: 1000 }),
      Estate,
    );
    const reported = await client.post('/api/estates/vacancies/create', await mobaBody(client), Estate);
    await client.post(`/api/workers/vacancies/${reported.body.id}/report`, { reason: 'other' }, Worker);
    await client.post('/api/admin/vacancies/review', {}, Admin);
    await client.post(
      `/api/admin/vacancies/${held.body.id}/decide`,
      { decision: 'approve', note: 'ok' },
      Admin,
    );

    // Something invalid for every route with input, from a caller the gateway lets through.
    for (const route of routeTable.filter(takesInput)) {
      const role = route.access === 'public' || route.access === 'user' ? 'Worker' : route.access[0];
      const path = route.path.includes(':')
        ? concretePath(route).replace(/\/[0-9a-f-]{36}(?=\/|$)/, '/not-a-uuid')
        : `/api${route.path}`;
      await client.request(route.method, path, {
        raw: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{"broken": ',
        headers: { ...sessions[role as keyof typeof sessions], 'content-type': 'application/json' },
      });
    }
  }, 300_000);
  afterAll(() => product?.stop(), 60_000);

  test('documents every route of the table, each with its summary', () => {
    const missing = routeTable.filter((r) => !doc.paths[docPath(r)]?.[r.method.toLowerCase()]).map(routeKey);
    expect(missing).toEqual([]);
    const unsummarised = routeTable.filter((r) => !r.summary).map(routeKey);
    expect(unsummarised).toEqual([]);
  });

  test('documents what the gateway serves outside the table: live channel, health, docs, dev tools', () => {
    for (const path of [
      '/api/ws/{userId}',
      '/api/healthz',
      '/api/docs',
      '/api/dev/clock',
      '/dev/mailbox',
      '/dev/mailbox.json',
      '/dev/sms',
      '/dev/sms.json',
      '/dev/sms/reply',
    ])
      expect(doc.paths[path]).toBeDefined();
    expect(Object.keys(doc.paths['/api/ws/{userId}'].get.responses)).toContain('101');
  });

  test('documents the form post of a browser without JavaScript and its HTML answers', async () => {
    const formRoutes = routeTable.filter((r) => r.htmlForm).map(routeKey);
    expect(formRoutes).toEqual(['POST /signup-guest']);
    const operation = doc.paths['/api/signup-guest'].post as unknown as {
      requestBody: { content: Record<string, unknown> };
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(operation.requestBody.content)).toContain('application/x-www-form-urlencoded');
    const guest = { firstName: 'Gost', lastName: 'Gostić', phone: '0641112244', municipality: 'Arilje' };
    const sent = await postForm(product.url, '/api/signup-guest', guest);
    const refused = await postForm(product.url, '/api/signup-guest', { ...guest, phone: 'nije broj' });
    for (const answer of [sent, refused]) {
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.text).toMatch(/^<!doctype html>/i);
      expect(Object.keys(operation.responses[answer.status].content)).toContain('text/html');
    }
    expect([sent.status, refused.status]).toEqual([201, 400]);
  });

  test.each(routeTable.map((route) => [routeKey(route), route] as const))(
    '%s answers only documented statuses, its success among them',
    (key, route) => {
      const documented = Object.keys(doc.paths[docPath(route)][route.method.toLowerCase()].responses).map(
        Number,
      );
      const statuses = [...(seen.get(key) ?? [])];
      expect({ key, undocumented: statuses.filter((s) => !documented.includes(s)) }).toEqual({
        key,
        undocumented: [],
      });
      if (takesInput(route))
        expect({ key, sawValidationError: statuses.includes(400) }).toEqual({
          key,
          sawValidationError: true,
        });
      const success = route.status ?? 200;
      expect({ key, sawSuccess: statuses.includes(success) }).toEqual({ key, sawSuccess: true });
    },
  );
});
