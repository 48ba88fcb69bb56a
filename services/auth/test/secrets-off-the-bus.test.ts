import { commandTopics, topics } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { confirmationToken, authForTheseTests, workerInput } from './helpers';

const auth = authForTheseTests();

describe('mail links travel only as private commands to the notification service', () => {
  test('no auth.v1 event carries a confirmation or reset token; the mail commands on notification.mail.v1 do', async () => {
    const input = workerInput();
    const signup = await auth.client.post('/signup-worker', input);
    expect(signup.status).toBe(201);
    const userId = signup.body.userId as string;
    const verifyToken = await confirmationToken(auth, userId);
    expect((await auth.client.post('/verify-email', { token: verifyToken })).status).toBe(200);
    expect((await auth.client.post('/reset-password', { email: input.email })).status).toBe(200);
    const resetCommand = await eventually(
      async () => auth.eventsOf('SendPasswordResetMail', userId)[0],
      'the reset mail command',
    );
    const resetToken = new URL((resetCommand.data as { link: string }).link).searchParams.get('token')!;
    await auth.event('EmailVerified', (e) => e.data.userId === userId);

    const onAuthTopic = JSON.stringify(auth.events);
    expect(auth.events.length).toBeGreaterThan(0);
    for (const secret of [verifyToken, resetToken]) {
      expect(secret.length).toBeGreaterThan(16);
      expect(onAuthTopic).not.toContain(secret);
      expect(JSON.stringify(auth.mailCommands)).toContain(encodeURIComponent(secret));
    }
    expect(onAuthTopic).not.toMatch(/token=/);
    expect(topics.auth).not.toBe(commandTopics.mail);
  });
});
