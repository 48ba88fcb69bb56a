import { CLIENT_ADDRESS_HEADER } from '@moba/platform';
import { logIn, signedUp, authForTheseTests } from './helpers';

const auth = authForTheseTests({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });

/** The client address as the gateway passes it on. */
const from = (ip: string) => ({ [CLIENT_ADDRESS_HEADER]: ip });
/** The account's own login, from this client address. */
const logInFrom = (account: { email: string; password: string }, ip: string) =>
  auth.client.post('/login', { email: account.email, password: account.password }, from(ip));
const guess = (i: number, headers: Record<string, string>) =>
  auth.client.post('/login', { email: `guess-${i}@example.com`, password: 'guess-password' }, headers);

test('repeated failed logins from one client address are limited across accounts; other addresses are not affected', async () => {
  const account = await signedUp(auth, 'Worker');
  for (let i = 0; i < 3; i++) expect((await guess(i, from('203.0.113.7'))).status).toBe(401);
  const blocked = await logInFrom(account, '203.0.113.7');
  expect(blocked.status).toBe(429);
  expect(blocked.body.error.code).toBe('AUTH.TOO_MANY_ATTEMPTS');
  expect((await logInFrom(account, '198.51.100.2')).status).toBe(200);
  auth.deps.clock.advance(16 * 60_000);
  try {
    expect((await logIn(auth.client, account.email, account.password)).status).toBe(200);
    expect((await logInFrom(account, '203.0.113.7')).status).toBe(200);
  } finally {
    auth.deps.clock.advance(-16 * 60_000);
  }
});

test('an IPv6 client is counted by its /64: rotating addresses inside it escapes nothing, the next /64 is not affected', async () => {
  const account = await signedUp(auth, 'Worker');
  for (let i = 0; i < 3; i++) expect((await guess(i, from(`2001:db8:7:1::${i + 1}`))).status).toBe(401);
  const rotated = await logInFrom(account, '2001:db8:7:1:abcd::99');
  expect(rotated.status).toBe(429);
  expect((await logInFrom(account, '2001:db8:7:2::1')).status).toBe(200);
});

test('X-Forwarded-For is never read: writing a victim there does not lock the victim out, and rotating it escapes nothing', async () => {
  const victim = await signedUp(auth, 'Worker');
  const attacker = (xff: string) => ({ ...from('198.51.100.66'), 'x-forwarded-for': xff });
  for (let i = 0; i < 3; i++) expect((await guess(i, attacker(`203.0.113.${100 + i}`))).status).toBe(401);
  expect((await guess(9, attacker('203.0.113.200'))).status).toBe(429);
  expect((await logInFrom(victim, '203.0.113.100')).status).toBe(200);
});
