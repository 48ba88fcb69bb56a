import { PasswordChanged, SendPasswordResetMail } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { createTokenVerifier } from '@moba/platform';
import { testKeys } from '@moba/platform/testing';
import {
  ADMIN_EMAIL,
  PASSWORD,
  confirmationToken,
  adminAccount,
  expectNoSecrets,
  logIn,
  signedUp,
  authForTheseTests,
  workerInput,
} from './helpers';

const auth = authForTheseTests();

async function signUpWorker(overrides: Record<string, unknown> = {}) {
  const input = workerInput(overrides);
  const res = await auth.client.post('/signup-worker', input);
  expect(res.status).toBe(201);
  return { input, userId: res.body.userId as string };
}

const resetToken = async (userId: string, nth = 0) => {
  const event = await eventually(
    async () => auth.eventsOf('SendPasswordResetMail', userId)[nth],
    'reset mail',
  );
  return new URL(SendPasswordResetMail.envelope.parse(event).data.link).searchParams.get('token')!;
};

/** POST /set-new-password with the link's token and the new password typed twice. */
const setNewPassword = (token: string, password: string) =>
  auth.client.post('/set-new-password', { token, password, confirmPassword: password });

describe('e-mail confirmation and login', () => {
  test('login before confirmation is refused with its own code; after confirming, login answers {token, userId}', async () => {
    const { input, userId } = await signUpWorker();
    const early = await logIn(auth.client, input.email);
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('AUTH.EMAIL_NOT_VERIFIED');

    const verified = await auth.client.post('/verify-email', {
      token: await confirmationToken(auth, userId),
    });
    expect(verified.status).toBe(200);
    await auth.event('EmailVerified', (e) => e.data.userId === userId);

    const login = await logIn(auth.client, input.email);
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['token', 'userId']);
    expect(login.body.userId).toBe(userId);
    const claims = JSON.parse(Buffer.from(login.body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: userId,
      role: 'Worker',
      fullName: 'Marko Marković',
      tokenVersion: 0,
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(await createTokenVerifier(testKeys().publicKeyPem).verify(login.body.token)).toMatchObject({
      id: userId,
      role: 'Worker',
    });
  });

  test('the confirmation token also works as the bearer token of POST /verify-email (spec §7)', async () => {
    const { userId } = await signUpWorker();
    const token = await confirmationToken(auth, userId);
    expect(
      (await auth.client.post('/verify-email', undefined, { authorization: `Bearer ${token}` })).status,
    ).toBe(200);
  });

  test("a used confirmation link answers 'email confirmation failed'", async () => {
    const { userId } = await signUpWorker();
    const token = await confirmationToken(auth, userId);
    expect((await auth.client.post('/verify-email', { token })).status).toBe(200);
    const again = await auth.client.post('/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: 'AUTH.EMAIL_CONFIRMATION_FAILED',
      message: 'email confirmation failed',
    });
  });

  test("an expired or unknown confirmation link answers 'email confirmation failed'; logging in then mails a fresh link", async () => {
    const { input, userId } = await signUpWorker();
    const token = await confirmationToken(auth, userId);
    auth.deps.clock.advance(49 * 3_600_000);
    try {
      const expired = await auth.client.post('/verify-email', { token });
      expect(expired.status).toBe(400);
      expect(expired.body.error.message).toBe('email confirmation failed');
      expect((await auth.client.post('/verify-email', { token: 'made-up-token' })).body.error.message).toBe(
        'email confirmation failed',
      );

      expect((await logIn(auth.client, input.email)).body.error.code).toBe('AUTH.EMAIL_NOT_VERIFIED');
      const fresh = await confirmationToken(auth, userId, 1);
      expect(fresh).not.toBe(token);
      expect((await auth.client.post('/verify-email', { token: fresh })).status).toBe(200);
    } finally {
      auth.deps.clock.advance(-49 * 3_600_000);
    }
  });

  test('verify-email without a token answers 400 naming the token', async () => {
    const res = await auth.client.post('/verify-email', {});
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('body.token');
  });

  test("every credential failure answers the one text 'password or email is incorrect'", async () => {
    const account = await signedUp(auth, 'Worker');
    const wrongPassword = await logIn(auth.client, account.email, 'wrong-password');
    const unknownEmail = await logIn(auth.client, `nobody-${Date.now()}@example.com`);
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({
        code: 'AUTH.INVALID_CREDENTIALS',
        message: 'password or email is incorrect',
      });
    }
  });

  test('login validates its input: email format and a password are required', async () => {
    const res = await auth.client.post('/login', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'body.email',
      'body.password',
    ]);
  });

  test('after 5 failures in 15 minutes the account answers 429 even with the right password; it opens again later', async () => {
    const account = await signedUp(auth, 'Worker');
    for (let i = 0; i < 5; i++)
      expect((await logIn(auth.client, account.email, 'wrong-password')).status).toBe(401);
    const locked = await logIn(auth.client, account.email, account.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('AUTH.TOO_MANY_ATTEMPTS');
    auth.deps.clock.advance(16 * 60_000);
    try {
      expect((await logIn(auth.client, account.email, account.password)).status).toBe(200);
    } finally {
      auth.deps.clock.advance(-16 * 60_000);
    }
  });

  test('the first start created a verified admin from ADMIN_EMAIL / ADMIN_PASSWORD and printed nothing', async () => {
    const admin = await adminAccount(auth);
    expect(admin.email).toBe(ADMIN_EMAIL);
    expect(auth.printed).toEqual([]);
  });
});

describe('password reset', () => {
  test("an unknown e-mail answers 'email not found'", async () => {
    const res = await auth.client.post('/reset-password', { email: `nobody-${Date.now()}@example.com` });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'AUTH.EMAIL_NOT_FOUND', message: 'email not found' });
  });

  test('reset mails a single-use link; setting a new password ends old sessions and the old password', async () => {
    const account = await signedUp(auth, 'Estate');
    const res = await auth.client.post('/reset-password', { email: account.email });
    expect(res.status).toBe(200);
    expectNoSecrets(res.text);
    const event = await auth.event('SendPasswordResetMail', (e) => e.data.userId === account.id);
    expect(SendPasswordResetMail.envelope.parse(event).data.link).toMatch(
      /^http:\/\/moba\.test\/new-password\?token=/,
    );
    const token = await resetToken(account.id);
    expect(res.text).not.toContain(token);

    const mismatch = await auth.client.post('/set-new-password', {
      token,
      password: 'brand-new-pass',
      confirmPassword: 'other-pass-12',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.details[0].field).toBe('body.confirmPassword');

    const set = await setNewPassword(token, 'brand-new-pass');
    expect(set.status).toBe(200);
    expect(
      PasswordChanged.envelope.parse(await auth.event('PasswordChanged', (e) => e.data.userId === account.id))
        .data.tokenVersion,
    ).toBe(1);

    expect((await auth.client.get('/estates/me', account.headers)).status).toBe(401);
    expect((await logIn(auth.client, account.email, account.password)).status).toBe(401);
    expect((await logIn(auth.client, account.email, 'brand-new-pass')).status).toBe(200);

    const reuse = await setNewPassword(token, 'another-pass-1');
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.code).toBe('AUTH.RESET_LINK_INVALID');
  });

  test('an expired reset link is refused', async () => {
    const account = await signedUp(auth, 'Worker');
    await auth.client.post('/reset-password', { email: account.email });
    const token = await resetToken(account.id);
    auth.deps.clock.advance(61 * 60_000);
    try {
      const res = await setNewPassword(token, 'brand-new-pass');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('AUTH.RESET_LINK_INVALID');
    } finally {
      auth.deps.clock.advance(-61 * 60_000);
    }
  });
});

describe('change password and the whole flow', () => {
  test('sign up → confirm → log in → change password → the old token is refused by the service, the new login works', async () => {
    const account = await signedUp(auth, 'Worker');
    expect((await auth.client.get('/workers/me', account.headers)).status).toBe(200);

    const wrong = await auth.client.post(
      '/users/me/password',
      { currentPassword: 'not-my-password', password: 'changed-pass-1', confirmPassword: 'changed-pass-1' },
      account.headers,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'AUTH.WRONG_CURRENT_PASSWORD',
      message: 'password update error',
    });

    const missing = await auth.client.post(
      '/users/me/password',
      { password: 'changed-pass-1', confirmPassword: 'changed-pass-1' },
      account.headers,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.map((d: { field: string }) => d.field)).toContain(
      'body.currentPassword',
    );

    const short = await auth.client.post(
      '/users/me/password',
      { currentPassword: PASSWORD, password: 'short', confirmPassword: 'short' },
      account.headers,
    );
    expect(short.status).toBe(400);
    expect(short.body.error.details.map((d: { field: string }) => d.field)).toContain('body.password');

    const changed = await auth.client.post(
      '/users/me/password',
      { currentPassword: PASSWORD, password: 'changed-pass-1', confirmPassword: 'changed-pass-1' },
      account.headers,
    );
    expect(changed.status).toBe(200);
    expectNoSecrets(changed.text);
    const event = await auth.event('PasswordChanged', (e) => e.data.userId === account.id);
    expect(event.data).toEqual({ userId: account.id, tokenVersion: 1 });

    const old = await auth.client.get('/workers/me', account.headers);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('AUTH.SESSION_EXPIRED');
    expect(
      (
        await auth.client.post(
          '/users/me/password',
          { currentPassword: 'changed-pass-1', password: 'x-changed-2', confirmPassword: 'x-changed-2' },
          account.headers,
        )
      ).status,
    ).toBe(401);

    expect((await logIn(auth.client, account.email, PASSWORD)).status).toBe(401);
    const fresh = await logIn(auth.client, account.email, 'changed-pass-1');
    expect(fresh.status).toBe(200);
    const claims = JSON.parse(Buffer.from(fresh.body.token.split('.')[1], 'base64url').toString());
    expect(claims.tokenVersion).toBe(1);
    expect(
      (await auth.client.get('/workers/me', { authorization: `Bearer ${fresh.body.token}` })).status,
    ).toBe(200);
  });

  test('ban → the existing token and login are refused with the reason; reactivate → a newer token version, login works again', async () => {
    const admin = await adminAccount(auth);
    const account = await signedUp(auth, 'Worker');
    const ban = await auth.client.post(`/admin/users/${account.id}/ban`, { reason: 'spam' }, admin.headers);
    expect(ban.status).toBe(200);
    expect((await auth.event('UserBanned', (e) => e.data.userId === account.id)).data).toEqual({
      userId: account.id,
      tokenVersion: 1,
      reason: 'spam',
    });

    expect((await auth.client.get('/workers/me', account.headers)).status).toBe(401);
    const login = await logIn(auth.client, account.email);
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('AUTH.BANNED');
    expect(login.body.error.message).toContain('spam');
    expect(login.body.error.details).toEqual([{ field: 'banReason', code: 'AUTH.BANNED', message: 'spam' }]);
    // A wrong password still answers the credential text (the ban is not revealed to strangers).
    expect((await logIn(auth.client, account.email, 'wrong-password')).body.error.code).toBe(
      'AUTH.INVALID_CREDENTIALS',
    );
    // A banned user cannot lift the ban through a password reset.
    expect((await auth.client.post('/reset-password', { email: account.email })).body.error.code).toBe(
      'AUTH.BANNED',
    );

    expect(
      (await auth.client.post(`/admin/users/${account.id}/reactivate`, undefined, admin.headers)).status,
    ).toBe(200);
    // The reactivation has its own, newer version: a replica that hears the ban again keeps the user active.
    expect((await auth.event('UserReactivated', (e) => e.data.userId === account.id)).data).toEqual({
      userId: account.id,
      tokenVersion: 2,
    });
    expect((await auth.client.get('/workers/me', account.headers)).status).toBe(401);
    const again = await logIn(auth.client, account.email);
    expect(again.status).toBe(200);
    const claims = JSON.parse(Buffer.from(again.body.token.split('.')[1], 'base64url').toString());
    expect(claims.tokenVersion).toBe(2);
    expect(
      (await auth.client.get('/workers/me', { authorization: `Bearer ${again.body.token}` })).status,
    ).toBe(200);
  });
});
