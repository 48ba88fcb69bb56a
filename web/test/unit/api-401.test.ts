/**
 * @jest-environment node
 */
// Node's fetch/Request are needed by fetchBaseQuery; storage is stubbed like the browser's.
class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  clear() {
    this.map.clear();
  }
}
Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });

import { createBaseQuery } from '../../src/lib/api';
import { clearLoginNotice, readLoginNotice } from '../../src/lib/login-notice';
import { setUnauthorizedNavigation } from '../../src/lib/unauthorized';

const call = (status: number, seen: Headers[] = [], code = 'X') =>
  createBaseQuery(async (input: RequestInfo) => {
    seen.push(new Headers((input as Request).headers));
    return new Response(JSON.stringify(status === 200 ? { ok: true } : { error: { code, message: 'x' } }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }, 'http://moba.test/api');

const apiFor = (endpoint: string) => ({
  signal: new AbortController().signal,
  abort: () => undefined,
  dispatch: jest.fn(),
  getState: () => ({}),
  extra: undefined,
  endpoint,
  type: 'query' as const,
});

const signIn = () => {
  localStorage.setItem('token', 'a.b.c');
  localStorage.setItem('userId', 'u1');
  localStorage.setItem('role', 'Worker');
  localStorage.setItem('notifications', '[]');
  localStorage.setItem('language', 'en');
  sessionStorage.setItem('registrationDraft', '{}');
};

let goToLogin: jest.Mock;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  goToLogin = jest.fn();
  setUnauthorizedNavigation(goToLogin);
});

describe('401 handling of the base query', () => {
  test('an authenticated call carries the bearer token', async () => {
    signIn();
    const seen: Headers[] = [];
    await call(200, seen)('/notifications/all', apiFor('notifications'), {});
    expect(seen[0]!.get('authorization')).toBe('Bearer a.b.c');
  });

  test('a 401 on an authenticated call clears all storage, resets the cache and goes to /login', async () => {
    signIn();
    const api = apiFor('notifications');
    const result = await call(401)('/notifications/all', api, {});
    expect(result.error?.status).toBe(401);
    for (const key of ['token', 'userId', 'role', 'notifications'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(api.dispatch).toHaveBeenCalled();
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  test('a 401 for a banned account leaves the login page a notice saying so; another 401 does not', async () => {
    clearLoginNotice();
    signIn();
    await call(401)('/notifications/all', apiFor('notifications'), {});
    expect(readLoginNotice()).toBeNull();
    signIn();
    await call(401, [], 'AUTH.BANNED')('/notifications/all', apiFor('notifications'), {});
    expect(readLoginNotice()).toBe('banned');
    expect(goToLogin).toHaveBeenCalledTimes(2);
    clearLoginNotice();
  });

  test('the chosen language survives the clearing', async () => {
    signIn();
    await call(401)('/notifications/all', apiFor('notifications'), {});
    expect(localStorage.getItem('language')).toBe('en');
  });

  test('a 401 without a token (a visitor) is an ordinary error', async () => {
    await call(401)('/workers/me', apiFor('me'), {});
    expect(goToLogin).not.toHaveBeenCalled();
  });

  test('a wrong password at login is an ordinary error, even with an old token stored, and sends no token', async () => {
    signIn();
    const seen: Headers[] = [];
    const result = await call(401, seen)({ url: '/login', method: 'POST', body: {} }, apiFor('login'), {});
    expect(result.error?.status).toBe(401);
    expect(seen[0]!.get('authorization')).toBeNull();
    expect(localStorage.getItem('token')).toBe('a.b.c');
    expect(goToLogin).not.toHaveBeenCalled();
  });

  test('other failures (403, 500) keep the session', async () => {
    signIn();
    await call(403)('/admin/stats', apiFor('stats'), {});
    await call(500)('/notifications/all', apiFor('notifications'), {});
    expect(localStorage.getItem('token')).toBe('a.b.c');
    expect(goToLogin).not.toHaveBeenCalled();
  });
});
