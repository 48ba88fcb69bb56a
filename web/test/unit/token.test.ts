import { decodeToken, isExpired, roleOf } from '../../src/lib/token';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: unknown) => `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64(claims)}.signature`;
const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const inOneHour = now / 1000 + 3600;

describe('token decode and role', () => {
  test('a valid token gives its role, subject and full name, with Serbian letters intact', () => {
    const token = jwt({ sub: 'u1', role: 'Estate', fullName: 'Đorđe Šćekić', exp: inOneHour });
    expect(roleOf(token, now)).toBe('Estate');
    expect(decodeToken(token)).toMatchObject({ sub: 'u1', fullName: 'Đorđe Šćekić' });
  });

  test.each(['Worker', 'Estate', 'Admin'])('the role %s is recognised', (role) => {
    expect(roleOf(jwt({ role, exp: inOneHour }), now)).toBe(role);
  });

  test('an expired token gives no role, also at the exact second of expiry', () => {
    expect(roleOf(jwt({ role: 'Worker', exp: now / 1000 - 1 }), now)).toBeNull();
    expect(roleOf(jwt({ role: 'Worker', exp: now / 1000 }), now)).toBeNull();
    expect(isExpired({ exp: now / 1000 + 1 }, now)).toBe(false);
  });

  test('a token without exp counts as expired', () => {
    expect(roleOf(jwt({ role: 'Worker' }), now)).toBeNull();
  });

  test.each([
    ['nothing', null],
    ['an empty string', ''],
    ['two parts', 'abc.def'],
    ['a payload that is not base64 JSON', 'a.!!!notjson!!!.c'],
    ['a JSON array payload', `a.${b64([1, 2])}.c`],
    ['a JSON string payload', `a.${b64('Worker')}.c`],
  ])('an undecodable token (%s) gives no role', (_label, token) => {
    expect(decodeToken(token)).toBeNull();
    expect(roleOf(token, now)).toBeNull();
  });

  test('an unknown role gives no role', () => {
    expect(roleOf(jwt({ role: 'Superuser', exp: inOneHour }), now)).toBeNull();
    expect(roleOf(jwt({ role: 'worker', exp: inOneHour }), now)).toBeNull();
  });
});
