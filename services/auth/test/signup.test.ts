import { SendVerificationMail, UserRegistered } from '@moba/contracts';
import {
  confirmationToken,
  e164,
  estateInput,
  expectNoSecrets,
  authForTheseTests,
  workerInput,
} from './helpers';

const auth = authForTheseTests();

describe('sign-up', () => {
  test('a worker signs up: 201 with the user id, UserRegistered and a confirmation link mail are published', async () => {
    const input = workerInput({ email: `  Mixed.Case-${Date.now()}@Example.com ` });
    const res = await auth.client.post('/signup-worker', input);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['userId']);
    const userId = res.body.userId;

    const registered = await auth.event('UserRegistered', (e) => e.data.userId === userId);
    expect(UserRegistered.envelope.parse(registered).data).toMatchObject({
      role: 'Worker',
      email: input.email.trim().toLowerCase(),
      fullName: 'Marko Marković',
      firstName: 'Marko',
      lastName: 'Marković',
      phone: e164(input.phone),
      region: 'RS',
      municipality: input.municipality,
      groupLeader: true,
      groupSize: 12,
      // Other services' labels follow it (the roster's "Došao / Došla", issue #31).
      gender: 'male',
      language: 'sr',
    });
    expect(registered.key).toBe(userId);

    const mail = SendVerificationMail.envelope.parse(
      await auth.event('SendVerificationMail', (e) => e.data.userId === userId),
    );
    expect(mail.data.link).toMatch(/^http:\/\/moba\.test\/confirm-email\?token=[A-Za-z0-9_-]{20,}$/);
    expect(Date.parse(mail.data.expiresAt)).toBeGreaterThan(Date.now());
    expect(mail.data.email).toBe(input.email.trim().toLowerCase());
  });

  test('a worker who is not a group leader is published with group size 0, whatever was sent', async () => {
    const res = await auth.client.post('/signup-worker', workerInput({ groupLeader: false, groupSize: 50 }));
    expect(res.status).toBe(201);
    const registered = await auth.event('UserRegistered', (e) => e.data.userId === res.body.userId);
    expect(registered.data).toMatchObject({ groupLeader: false, groupSize: 0 });
  });

  test('an estate signs up: the event carries the estate name and municipality', async () => {
    const input = estateInput();
    const res = await auth.client.post('/signup-estate', input);
    expect(res.status).toBe(201);
    const registered = await auth.event('UserRegistered', (e) => e.data.userId === res.body.userId);
    expect(registered.data).toMatchObject({
      role: 'Estate',
      estateName: input.estateName,
      municipality: input.municipality,
      groupSize: 0,
    });
  });

  test('an estate without a PIB signs up (PIB is optional)', async () => {
    const { pib: _pib, ...input } = estateInput();
    expect((await auth.client.post('/signup-estate', input)).status).toBe(201);
  });

  test("a taken e-mail answers 409 'email already exists' (AUTH.EMAIL_EXISTS), in any letter case", async () => {
    const first = workerInput();
    expect((await auth.client.post('/signup-worker', first)).status).toBe(201);
    const res = await auth.client.post('/signup-estate', estateInput({ email: first.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'AUTH.EMAIL_EXISTS', message: 'email already exists' });
  });

  test("a taken phone answers 409 'phone already exists' (AUTH.PHONE_EXISTS), however it is written", async () => {
    const first = workerInput();
    expect((await auth.client.post('/signup-worker', first)).status).toBe(201);
    const written = `+381 ${first.phone.slice(1, 3)} ${first.phone.slice(3)}`;
    const res = await auth.client.post('/signup-worker', workerInput({ phone: written }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'AUTH.PHONE_EXISTS', message: 'phone already exists' });
  });

  test('bad input answers 400 naming the fields and writes nothing (no event, the e-mail stays free)', async () => {
    const input = workerInput({
      password: 'short',
      confirmPassword: 'short',
      termsAccepted: false as unknown as true,
    });
    const before = auth.events.length;
    const res = await auth.client.post('/signup-worker', input);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    const fields = res.body.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.password', 'body.termsAccepted']));
    await new Promise((r) => setTimeout(r, 50));
    expect(auth.events.length).toBe(before);
    expect(
      (
        await auth.client.post('/signup-worker', {
          ...input,
          password: 'long-enough-1',
          confirmPassword: 'long-enough-1',
          termsAccepted: true,
        })
      ).status,
    ).toBe(201);
  });

  test('a body that is not JSON or not an object answers 400, never 500', async () => {
    expect((await auth.client.request('POST', '/signup-worker', { raw: '{nope' })).status).toBe(400);
    expect((await auth.client.post('/signup-worker', [1, 2])).status).toBe(400);
    expect((await auth.client.post('/signup-estate', 'text')).status).toBe(400);
  });

  test('the same phone in two concurrent sign-ups registers once; the other gets phone already exists', async () => {
    const phone = workerInput().phone;
    const results = await Promise.all([
      auth.client.post('/signup-worker', workerInput({ phone })),
      auth.client.post('/signup-worker', workerInput({ phone })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('AUTH.PHONE_EXISTS');
  });

  test('responses never carry a hash or the confirmation token', async () => {
    const res = await auth.client.post('/signup-worker', workerInput());
    expectNoSecrets(res.text);
    const token = await confirmationToken(auth, res.body.userId);
    expect(res.text).not.toContain(token);
  });
});
