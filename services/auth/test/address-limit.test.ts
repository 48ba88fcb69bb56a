import { logIn, signedUp, startAuth, type Auth } from './helpers';

let auth: Auth;
beforeAll(async () => {
  auth = await startAuth({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
});
afterAll(() => auth.stop());

test('repeated failed logins from one client address are limited across accounts; other addresses are not affected', async () => {
  const account = await signedUp(auth, 'Worker');
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  for (let i = 0; i < 3; i++) {
    const res = await auth.client.post(
      '/login',
      { email: `guess-${i}@example.com`, password: 'guess-password' },
      from('203.0.113.7'),
    );
    expect(res.status).toBe(401);
  }
  const blocked = await auth.client.post(
    '/login',
    { email: account.email, password: account.password },
    from('203.0.113.7'),
  );
  expect(blocked.status).toBe(429);
  expect(blocked.body.error.code).toBe('AUTH.TOO_MANY_ATTEMPTS');
  expect(
    (
      await auth.client.post(
        '/login',
        { email: account.email, password: account.password },
        from('198.51.100.2'),
      )
    ).status,
  ).toBe(200);
  auth.deps.clock.advance(16 * 60_000);
  try {
    expect((await logIn(auth.client, account.email, account.password)).status).toBe(200);
    expect(
      (
        await auth.client.post(
          '/login',
          { email: account.email, password: account.password },
          from('203.0.113.7'),
        )
      ).status,
    ).toBe(200);
  } finally {
    auth.deps.clock.advance(-16 * 60_000);
  }
});
