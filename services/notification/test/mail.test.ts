import { randomUUID } from 'node:crypto';
import { commandTopics, SendPasswordResetMail, SendVerificationMail } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import type { DevMailDoc } from '../src/mail/mailer';
import { startSmtpTestServer } from './smtp-test-server';
import { startNotification, type StartedNotification } from './helpers';

const verification = (language: 'sr' | 'en', link: string, email = `u${Date.now()}@example.com`) => {
  const userId = randomUUID();
  return SendVerificationMail.create(userId, {
    userId,
    email,
    fullName: 'Jovana Jovanović',
    link,
    expiresAt: '2026-11-23T10:00:00.000Z',
    language,
  });
};

describe('over SMTP (a real smtp-server started in the test)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let svc: StartedNotification;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    svc = await startNotification({ env: { MAIL_URL: smtp.url, MAIL_FROM: 'Moba <no-reply@moba.test>' } });
  });
  afterAll(async () => {
    await svc.stop();
    await smtp.close();
  });

  test('a SendVerificationMail command lands a Serbian mail with the confirmation link in the text and HTML parts', async () => {
    const link = `https://moba.test/confirm-email?token=${randomUUID()}`;
    const event = verification('sr', link);
    await svc.publish(commandTopics.mail, event);
    const mail = await eventually(
      async () => smtp.received.find((m) => m.to.includes(event.data.email)),
      'mail',
    );
    expect(mail.from).toBe('no-reply@moba.test');
    expect(mail.subject).toBe('Potvrdite vašu e-mail adresu — Moba');
    expect(mail.text).toContain('Zdravo Jovana Jovanović,');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('<html lang="sr">');
  });

  test('a SendPasswordResetMail command in English lands an English mail with the reset link', async () => {
    const userId = randomUUID();
    const email = `reset-${userId}@example.com`;
    const link = `https://moba.test/new-password?token=${randomUUID()}`;
    await svc.publish(
      commandTopics.mail,
      SendPasswordResetMail.create(userId, {
        userId,
        email,
        fullName: 'John Smith',
        link,
        expiresAt: '2026-11-23T10:00:00.000Z',
        language: 'en',
      }),
    );
    const mail = await eventually(async () => smtp.received.find((m) => m.to.includes(email)), 'mail');
    expect(mail.subject).toBe('Reset your password — Moba');
    expect(mail.text).toContain('Hello John Smith,');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  test('without a language the mail is Serbian (the default)', async () => {
    const valid = verification('sr', 'https://moba.test/confirm-email?token=abc');
    const { language: _dropped, ...data } = valid.data;
    await svc.publish(commandTopics.mail, { ...valid, data });
    const mail = await eventually(
      async () => smtp.received.find((m) => m.to.includes(valid.data.email)),
      'mail',
    );
    expect(mail.subject).toContain('Potvrdite');
  });

  test('a command its schema refuses (no e-mail address) goes to the dead letters at once and mails nothing', async () => {
    const valid = verification('sr', 'https://moba.test/confirm-email?token=bad');
    await svc.publish(commandTopics.mail, { ...valid, data: { ...valid.data, email: 'not an address' } });
    expect(await svc.deps.bus.deadLetters.count(commandTopics.mail)).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes('not an address'))).toHaveLength(0);
  });

  test('a redelivered mail event sends one mail', async () => {
    const event = verification('en', 'https://moba.test/confirm-email?token=once');
    await svc.publish(commandTopics.mail, event);
    await svc.publish(commandTopics.mail, event);
    await eventually(async () => smtp.received.some((m) => m.to.includes(event.data.email)), 'mail');
    expect(smtp.received.filter((m) => m.to.includes(event.data.email))).toHaveLength(1);
  });

  test('HTML in a name is escaped in the HTML part', async () => {
    const userId = randomUUID();
    const email = `x-${userId}@example.com`;
    await svc.publish(
      commandTopics.mail,
      SendVerificationMail.create(userId, {
        userId,
        email,
        fullName: '<script>alert(1)</script>',
        link: 'https://moba.test/confirm-email?token=a&b=c',
        expiresAt: '2026-11-23T10:00:00.000Z',
        language: 'en',
      }),
    );
    const mail = await eventually(async () => smtp.received.find((m) => m.to.includes(email)), 'mail');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="https://moba.test/confirm-email?token=a&amp;b=c"');
  });
});

describe('dev mailbox (dev://)', () => {
  let svc: StartedNotification;
  beforeAll(async () => {
    svc = await startNotification({ env: { MAIL_URL: 'dev://' } });
  });
  afterAll(() => svc.stop());

  test('mails are kept in the dev mailbox: JSON for tests, an HTML list with clickable links for people', async () => {
    const link = `http://localhost:8080/confirm-email?token=${randomUUID()}`;
    const event = verification('en', link);
    await svc.publish(commandTopics.mail, event);

    const json = await svc.client.get(`/dev/mailbox.json?to=${encodeURIComponent(event.data.email)}`);
    expect(json.status).toBe(200);
    const [mail] = json.body as DevMailDoc[];
    expect(mail).toMatchObject({
      to: event.data.email,
      subject: 'Confirm your e-mail address — Moba',
      links: [link],
    });
    expect(mail.html).toContain(`href="${link}"`);

    const page = await svc.client.get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(`<a href="${link}">`);
  });

  test('the mailbox finds mails by address whatever its case, as e-mails are stored lower-cased', async () => {
    const address = `Mila.${randomUUID()}@Example.com`;
    const event = verification('en', `http://localhost:8080/confirm-email?token=${randomUUID()}`, address);
    const shouted = address.toUpperCase();
    await svc.publish(commandTopics.mail, event);

    const json = await svc.client.get(`/dev/mailbox.json?to=${encodeURIComponent(` ${shouted} `)}`);
    expect((json.body as DevMailDoc[]).map((m) => m.to)).toEqual([address.toLowerCase()]);
  });

  test('the dev mailbox does not exist in production', async () => {
    const prod = await startNotification({ env: { MAIL_URL: 'dev://', NODE_ENV: 'production' } });
    try {
      expect((await prod.client.get('/dev/mailbox')).status).toBe(404);
      expect((await prod.client.get('/dev/mailbox.json')).status).toBe(404);
    } finally {
      await prod.stop();
    }
  });

  test('the dev mailbox does not exist with a real mailer', async () => {
    const smtp = await startNotification({ env: { MAIL_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect((await smtp.client.get('/dev/mailbox.json')).status).toBe(404);
    } finally {
      await smtp.stop();
    }
  });
});

test('a bad MAIL_URL stops the start naming the variable', async () => {
  await expect(startNotification({ env: { MAIL_URL: 'pigeon://coop' } })).rejects.toThrow('MAIL_URL');
});
