import type { TestClient, TestResponse } from '@moba/platform/testing';
import { createRouteMatcher, routeTable, type RouteSpec } from '../gateway/src/route-table';
import { simulateSeason } from '../scripts/season/simulate-season';
import { ADMIN, loginAdmin, mobaBody, registeredUser, startProduct } from './support/product';
import { concretePath } from './resilience/support/world';

/**
 * /api/docs cannot drift from what the product answers: a small season runs through the real
 * gateway and services with every answer recorded, then every route of the gateway's table is
 * asked something invalid by a caller it lets through. Each status seen must be documented for its
 * route; each route's documented success and (where it takes input) its 400 must have been seen.
 */

type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
const routeKey = (route: Pick<RouteSpec, 'method' | 'path'>) => `${route.method} ${route.path}`;
const docPath = (route: RouteSpec) => `/api${route.path.replace(/:([a-zA-Z]+)/g, '{$1}')}`;

/** A client that records the status of every call the gateway's table routes. */
function recording(client: TestClient, seen: Map<string, Set<number>>): TestClient {
  const match = createRouteMatcher();
  const record = (method: string, path: string, res: TestResponse) => {
    const route = path.startsWith('/api/') ? match(method, path.split('?')[0].slice(4)) : undefined;
    if (route) {
      const statuses = seen.get(routeKey(route)) ?? new Set<number>();
      statuses.add(res.status);
      seen.set(routeKey(route), statuses);
    }
    return res;
  };
  const request: TestClient['request'] = async (method, path, options) =>
    record(method, path, await client.request(method, path, options));
  return {
    url: client.url,
    request,
    get: (path, headers) => request('GET', path, { headers }),
    post: (path, body, headers) => request('POST', path, { body, headers }),
    put: (path, body, headers) => request('PUT', path, { body, headers }),
    delete: (path, headers) => request('DELETE', path, { headers }),
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

describe('the OpenAPI document at /api/docs', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let doc: Doc;
  const seen = new Map<string, Set<number>>();

  beforeAll(async () => {
    product = await startProduct();
    doc = (await product.client.get('/api/docs')).body as Doc;
    const client = recording(product.client, seen);
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
    await client.post('/api/signup-guest', {
      firstName: 'Gost',
      lastName: 'Gostić',
      phone: '0641112233',
      municipality: 'Arilje',
    });
    await client.post('/api/payment/donation/instructions', { amount: 500, method: 'qr' });
    const checkoutUrl = (
      await client.post('/api/payment/create', { purpose: 'donation', amount: 500, method: 'card' })
    ).text;
    const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
    await client.get(`/api/payment/checkout/${sessionId}`);
    const moba = await client.post('/api/estates/vacancies/create', await mobaBody(client), Estate);
    await client.delete(`/api/estates/vacancies/${moba.body.id}`, Estate);
    const banned = await registeredUser(product.client, 'worker');
    await client.post(`/api/admin/users/${banned.userId}/ban`, { reason: 'lažni nalog' }, Admin);
    await client.post(`/api/admin/users/${banned.userId}/reactivate`, undefined, Admin);

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
    ])
      expect(doc.paths[path]).toBeDefined();
    expect(Object.keys(doc.paths['/api/ws/{userId}'].get.responses)).toContain('101');
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
      if (!notExercisedBySeason.has(key))
        expect({ key, sawSuccess: statuses.includes(success) }).toEqual({ key, sawSuccess: true });
    },
  );
});

/**
 * Routes whose success neither the season nor the calls above reach (they need an object made for
 * them: a reset token, a photo, a guest to place, a checkout); their success status is still documented from
 * the route table (status, contentType), and their refusals are checked above.
 */
const notExercisedBySeason = new Set<string>([
  'POST /reset-password',
  'POST /set-new-password',
  'POST /users/me/password',
  'PUT /estates/:id',
  'PUT /workers/:id',
  'POST /users/me/photo',
  'GET /photos/:file',
  'GET /estates/vacancies/:id/applicants/approved',
  'POST /admin/applications/:id/reject',
  'POST /admin/applications/guest/:id/accept',
  'GET /admin/applications/:id/guest/pending',
  'PUT /admin/applications/:id/update-note',
  'GET /estates/vacancy/:id/workers/for-rating',
  'POST /users/:id/rate/worker',
  'GET /payment/status/:id',
  'POST /estates/vacancies/:id/feature',
  'POST /payment/checkout/:id/:outcome',
  'POST /payment/callback',
]);
