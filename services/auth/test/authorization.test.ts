import { testToken } from '@moba/platform/testing';
import { adminAccount, signedUp, startAuth, type Account, type Auth } from './helpers';

/**
 * Authorization matrix: every route × visitor, Worker, Estate, Admin, a token of a user this service
 * does not know, and another user's object. 'pass' means authorization let the call through (the
 * answer may still be a 400 for the empty body, a 404 or 409 of the use case — never 401/403).
 */
type Actor = 'visitor' | 'worker' | 'estate' | 'admin' | 'unknownUser';
type Expect = 'pass' | 401 | 403;

let auth: Auth;
let actors: Record<Exclude<Actor, 'visitor'>, Account | { id: string; headers: Record<string, string> }>;
let otherWorker: Account;
let otherEstate: Account;
let banTarget: Account;

beforeAll(async () => {
  auth = await startAuth();
  const [worker, estate, admin, ow, oe, target, unknown] = await Promise.all([
    signedUp(auth, 'Worker'),
    signedUp(auth, 'Estate'),
    adminAccount(auth),
    signedUp(auth, 'Worker'),
    signedUp(auth, 'Estate'),
    signedUp(auth, 'Worker'),
    testToken('Worker'),
  ]);
  actors = { worker, estate, admin, unknownUser: { id: unknown.id, headers: unknown.auth } };
  otherWorker = ow;
  otherEstate = oe;
  banTarget = target;
});
afterAll(() => auth.stop());

const PUBLIC: Record<Actor, Expect> = {
  visitor: 'pass',
  worker: 'pass',
  estate: 'pass',
  admin: 'pass',
  unknownUser: 'pass',
};
const ANY_USER: Record<Actor, Expect> = {
  visitor: 401,
  worker: 'pass',
  estate: 'pass',
  admin: 'pass',
  unknownUser: 401,
};
const only = (...roles: ('worker' | 'estate' | 'admin')[]): Record<Actor, Expect> => ({
  visitor: 401,
  unknownUser: 401,
  worker: roles.includes('worker') ? 'pass' : 403,
  estate: roles.includes('estate') ? 'pass' : 403,
  admin: roles.includes('admin') ? 'pass' : 403,
});

/** `:self` becomes the caller's own id (so a permitted caller passes); IDOR rows use another user's id. */
const table: [string, string, Record<Actor, Expect>][] = [
  ['POST', '/signup-worker', PUBLIC],
  ['POST', '/signup-estate', PUBLIC],
  ['POST', '/login', PUBLIC],
  ['POST', '/verify-email', PUBLIC],
  ['POST', '/reset-password', PUBLIC],
  ['POST', '/set-new-password', PUBLIC],
  ['GET', '/photos/00000000-0000-4000-8000-000000000000-0123456789abcdef.webp', PUBLIC],
  ['POST', '/users/me/password', ANY_USER],
  ['POST', '/logout', ANY_USER],
  ['POST', '/users/me/logout-everywhere', ANY_USER],
  ['POST', '/users/me/dont-show-guidance', ANY_USER],
  ['POST', '/users/me/language', ANY_USER],
  ['GET', '/users/me', ANY_USER],
  ['GET', '/workers/me', only('worker')],
  ['GET', '/estates/me', only('estate')],
  ['PUT', '/workers/:self', only('worker')],
  ['PUT', '/estates/:self', only('estate')],
  ['POST', '/users/me/photo', only('worker', 'estate')],
  ['POST', '/admin/users/all', only('admin')],
  ['POST', '/admin/users/:target/ban', only('admin')],
  ['POST', '/admin/users/:target/reactivate', only('admin')],
  ['POST', '/admin/audit', only('admin')],
  ['POST', '/admin/estates/:target/verify', only('admin')],
  ['POST', '/admin/estates/:target/unverify', only('admin')],
];

const rows = table.flatMap(([method, path, expected]) =>
  (Object.keys(expected) as Actor[]).map((actor) => [method, path, actor, expected[actor]] as const),
);

/** Logging out ends the session it is called with: those rows get a session of their own. */
const endsSessions = (path: string) => path === '/logout' || path === '/users/me/logout-everywhere';
async function throwawaySession(actor: Exclude<Actor, 'visitor'>) {
  if (actor === 'worker') return signedUp(auth, 'Worker');
  if (actor === 'estate') return signedUp(auth, 'Estate');
  if (actor === 'admin') return adminAccount(auth);
  return actors.unknownUser;
}

test.each(rows)('%s %s as %s → %s', async (method, path, actor, expected) => {
  const caller =
    actor === 'visitor' ? undefined : endsSessions(path) ? await throwawaySession(actor) : actors[actor];
  const resolved = path.replace(':self', caller?.id ?? crypto.randomUUID()).replace(':target', banTarget.id);
  const body = path.endsWith('/dont-show-guidance')
    ? { dontShowGuidance: false }
    : path.endsWith('/language')
      ? { language: 'sr' }
      : method === 'GET'
        ? undefined
        : {};
  const res = await auth.client.request(method, resolved, { body, headers: caller?.headers ?? {} });
  // Every admin session ended: the matrix goes on with a new one.
  if (actor === 'admin' && path === '/users/me/logout-everywhere') actors.admin = await adminAccount(auth);
  if (expected === 'pass') {
    expect([401, 403]).not.toContain(res.status);
    expect(res.status).toBeLessThan(500);
  } else {
    expect(res.status).toBe(expected);
  }
});

describe("another user's object (IDOR)", () => {
  test("a worker cannot change another worker's profile", async () => {
    const res = await auth.client.put(
      `/workers/${otherWorker.id}`,
      { skills: 'hijacked' },
      actors.worker.headers,
    );
    expect(res.status).toBe(403);
    const profile = await auth.client.get('/workers/me', otherWorker.headers);
    expect(profile.status).toBe(200);
    expect(profile.body.skills).not.toBe('hijacked');
  });

  test("an estate cannot change another estate's profile", async () => {
    const res = await auth.client.put(
      `/estates/${otherEstate.id}`,
      { description: 'hijacked' },
      actors.estate.headers,
    );
    expect(res.status).toBe(403);
    const profile = await auth.client.get('/estates/me', otherEstate.headers);
    expect(profile.status).toBe(200);
    expect(profile.body.description).not.toBe('hijacked');
  });

  test("an estate cannot change a worker's profile through the estate route, nor a worker an estate's", async () => {
    expect(
      (await auth.client.put(`/estates/${otherWorker.id}`, { description: 'x' }, actors.estate.headers))
        .status,
    ).toBe(403);
    expect(
      (await auth.client.put(`/workers/${otherEstate.id}`, { skills: 'x' }, actors.worker.headers)).status,
    ).toBe(403);
  });

  test('a worker or an estate cannot ban anyone', async () => {
    expect(
      (await auth.client.post(`/admin/users/${otherEstate.id}/ban`, { reason: 'x' }, actors.worker.headers))
        .status,
    ).toBe(403);
    expect(
      (await auth.client.post(`/admin/users/${otherWorker.id}/ban`, { reason: 'x' }, actors.estate.headers))
        .status,
    ).toBe(403);
  });
});

describe('tokens the service refuses', () => {
  test('a token signed by another key, an expired token and a malformed header answer 401', async () => {
    const worker = actors.worker as Account;
    const [, payload] = worker.token.split('.');
    const forged = `${worker.token.split('.')[0]}.${payload}.AAAA`;
    expect((await auth.client.get('/workers/me', { authorization: `Bearer ${forged}` })).status).toBe(401);
    const expired = await testToken('Worker', { id: worker.id, fullName: 'Marko Marković' }, -10);
    expect((await auth.client.get('/workers/me', expired.auth)).status).toBe(401);
    expect((await auth.client.get('/workers/me', { authorization: worker.token })).status).toBe(401);
  });

  test('a valid signature with a role the user does not have answers 401 (claims must match the account)', async () => {
    const worker = actors.worker as Account;
    const lying = await testToken('Admin', { id: worker.id });
    expect((await auth.client.post('/admin/users/all', {}, lying.auth)).status).toBe(401);
  });
});
