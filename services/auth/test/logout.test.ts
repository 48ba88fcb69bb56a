import { AllSessionsEnded, SessionEnded } from '@moba/contracts';
import { SERVICE_TOKEN_HEADER, signServiceToken } from '@moba/platform';
import { TEST_INTERNAL_SECRET } from '@moba/platform/testing';
import { logIn, signedUp, authForTheseTests } from './helpers';

const auth = authForTheseTests();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('logout ends sessions on the server', () => {
  test('logout ends this session only: its token is refused from now on, the same account on another device goes on', async () => {
    const phone = await signedUp(auth, 'Worker');
    const laptop = (await logIn(auth.client, phone.email, phone.password)).body.token as string;
    expect((await auth.client.get('/users/me', phone.headers)).status).toBe(200);

    const out = await auth.client.post('/logout', {}, phone.headers);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });

    const refused = await auth.client.get('/users/me', phone.headers);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('AUTH.SESSION_EXPIRED');
    expect((await auth.client.post('/logout', {}, phone.headers)).status).toBe(401);
    expect((await auth.client.get('/users/me', bearer(laptop))).status).toBe(200);

    // The gateway and the services hear which session ended and until when its token would have lived.
    const event = SessionEnded.envelope.parse(
      await auth.event('SessionEnded', (e) => e.data.userId === phone.id),
    );
    const claims = JSON.parse(Buffer.from(phone.token.split('.')[1], 'base64url').toString());
    expect(event.data).toEqual({
      userId: phone.id,
      sessionId: claims.sid,
      until: new Date(claims.exp * 1000).toISOString(),
    });
    // … and a gateway that starts later learns it from the token states.
    const states = await auth.client.get('/internal/token-states', {
      [SERVICE_TOKEN_HEADER]: signServiceToken(TEST_INTERNAL_SECRET, 'gateway'),
    });
    expect(states.body.find((s: { userId: string }) => s.userId === phone.id)).toEqual({
      userId: phone.id,
      tokenVersion: 0,
      banned: false,
      endedSessions: [{ sessionId: claims.sid, until: event.data.until }],
    });
  });

  test('every login is a session of its own (its own sid)', async () => {
    const account = await signedUp(auth, 'Estate');
    const again = (await logIn(auth.client, account.email, account.password)).body.token as string;
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
    expect(sid(account.token)).toEqual(expect.any(String));
    expect(sid(again)).not.toBe(sid(account.token));
  });

  test('"log out everywhere" ends every session of the account; a new login works', async () => {
    const phone = await signedUp(auth, 'Worker');
    const laptop = (await logIn(auth.client, phone.email, phone.password)).body.token as string;
    const out = await auth.client.post('/users/me/logout-everywhere', {}, bearer(laptop));
    expect(out.status).toBe(200);
    for (const headers of [phone.headers, bearer(laptop)])
      expect((await auth.client.get('/users/me', headers)).status).toBe(401);
    const event = AllSessionsEnded.envelope.parse(
      await auth.event('AllSessionsEnded', (e) => e.data.userId === phone.id),
    );
    expect(event.data).toEqual({ userId: phone.id, tokenVersion: 1 });
    const fresh = (await logIn(auth.client, phone.email, phone.password)).body.token as string;
    expect((await auth.client.get('/users/me', bearer(fresh))).status).toBe(200);
  });

  test.each(['/logout', '/users/me/logout-everywhere'])('%s without a session answers 401', async (path) => {
    expect((await auth.client.post(path, {})).status).toBe(401);
    expect((await auth.client.post(path, {}, bearer('not-a-token'))).status).toBe(401);
  });
});
