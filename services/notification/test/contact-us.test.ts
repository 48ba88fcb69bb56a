import { randomUUID } from 'node:crypto';
import { CONTACT_SEND_ERROR_TEXT, notificationKeys, topics, type Notification } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import type { ContactMessageDoc } from '../src/store';
import { startSmtpTestServer } from './smtp-test-server';
import { openSocket, socketsReady, startNotification, type StartedNotification } from './helpers';

const registeredAdmin = (userId: string) =>
  events.UserRegistered.create(userId, { userId, role: 'Admin', language: 'sr' });

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Marko Marković',
  email: 'marko@example.com',
  message: `Kada počinje berba? ${randomUUID()}`,
  ...overrides,
});

const contactMessages = (svc: StartedNotification) =>
  svc.deps.store.collection<ContactMessageDoc>('contact_messages');

const notificationsOf = async (svc: StartedNotification, userId: string): Promise<Notification[]> =>
  (await svc.client.get('/notifications/all', (await testToken('Admin', { id: userId })).auth)).body;

describe('with a working mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let svc: StartedNotification;
  const configuredAdmin = randomUUID();
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    svc = await startNotification({
      env: { MAIL_URL: smtp.url, TEAM_EMAIL: 'team@moba.test', ADMIN_USER_IDS: configuredAdmin },
    });
  });
  afterAll(async () => {
    await svc.stop();
    await smtp.close();
  });

  test('a visitor’s message is stored, mailed to the team with reply-to the sender, and every admin is notified live', async () => {
    const admin = await testToken('Admin');
    await svc.publish(topics.auth, registeredAdmin(admin.id));
    const socket = await openSocket(svc.wsUrl(admin.id), { token: admin.token });
    await socketsReady(svc.service, admin.id, 1);

    const body = message();
    const res = await svc.client.post('/contact-us', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, id: expect.any(String) });

    const stored = await (await contactMessages(svc)).findOne({ _id: res.body.id });
    expect(stored).toMatchObject({
      name: body.name,
      email: body.email,
      message: body.message,
      mailStatus: 'sent',
    });
    expect(stored?.userId).toBeUndefined();

    const mail = smtp.received.find((m) => m.text.includes(body.message));
    expect(mail?.to).toEqual(['team@moba.test']);
    expect(mail?.raw).toMatch(/^Reply-To: marko@example\.com/im);

    for (const adminId of [admin.id, configuredAdmin]) {
      const [n] = await notificationsOf(svc, adminId);
      expect(n.content).toEqual({
        key: notificationKeys.contactMessage,
        params: { contactMessageId: res.body.id, name: body.name, email: body.email, excerpt: body.message },
      });
    }
    await eventually(async () => socket.received.length === 1, 'live push to the admin');
    socket.close();
  });

  test('a signed-in user’s message records who sent it; non-admins are not notified', async () => {
    const worker = await testToken('Worker');
    const res = await svc.client.post('/contact-us', message(), worker.auth);
    expect(res.status).toBe(201);
    expect((await (await contactMessages(svc)).findOne({ _id: res.body.id }))?.userId).toBe(worker.id);
    expect(await notificationsOf(svc, worker.id)).toEqual([]);
  });

  test('an admin created without an event is learned from their own token and notified afterwards', async () => {
    const firstAdmin = await testToken('Admin');
    await svc.client.get('/notifications/all', firstAdmin.auth);
    const res = await svc.client.post('/contact-us', message());
    expect(res.status).toBe(201);
    expect(
      (await notificationsOf(svc, firstAdmin.id)).map((n) => n.content.params.contactMessageId),
    ).toContain(res.body.id);
  });

  test('a refused message from an admin writes nothing, not even the admin replica', async () => {
    const admin = await testToken('Admin');
    const users = svc.deps.store.collection<{ _id: string }>('user_replica');
    const before = await (await contactMessages(svc)).count({});
    const res = await svc.client.post('/contact-us', message({ email: 'not-an-email' }), admin.auth);
    expect(res.status).toBe(400);
    expect(await (await users).findOne({ _id: admin.id })).toBeNull();
    expect(await (await contactMessages(svc)).count({})).toBe(before);
  });

  test('a long message is shortened in the admins’ notification and kept whole in the store and the mail', async () => {
    const long = 'a'.repeat(1000);
    const res = await svc.client.post('/contact-us', message({ message: long }));
    const [n] = await notificationsOf(svc, configuredAdmin);
    expect(n.content.params.contactMessageId).toBe(res.body.id);
    expect(String(n.content.params.excerpt).length).toBeLessThan(200);
    expect((await (await contactMessages(svc)).findOne({ _id: res.body.id }))?.message).toBe(long);
  });

  test.each([
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['an empty message', { message: '' }, 'message'],
    ['a message over the limit', { message: 'x'.repeat(5000) }, 'message'],
    ['an empty body', { name: undefined, email: undefined, message: undefined }, 'name'],
  ])('%s answers 400 naming the field and stores and mails nothing', async (_label, overrides, field) => {
    const before = smtp.received.length;
    const count = await (await contactMessages(svc)).count({});
    const res = await svc.client.post('/contact-us', message(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await (await contactMessages(svc)).count({})).toBe(count);
    expect(smtp.received.length).toBe(before);
  });
});

test('when the team mail cannot be sent the sender gets the text “contact send error”; the message is kept, marked failed', async () => {
  const smtp = await startSmtpTestServer({ failRecipients: true });
  const admin = randomUUID();
  const svc = await startNotification({ env: { MAIL_URL: smtp.url, ADMIN_USER_IDS: admin } });
  try {
    const body = message();
    const res = await svc.client.post('/contact-us', body);
    expect(res.status).toBe(502);
    expect(res.text).toBe(CONTACT_SEND_ERROR_TEXT);
    const stored = await (await contactMessages(svc)).findOne({ message: body.message });
    expect(stored?.mailStatus).toBe('failed');
    expect((await notificationsOf(svc, admin)).map((n) => n.content.key)).toEqual([
      notificationKeys.contactMessage,
    ]);
  } finally {
    await svc.stop();
    await smtp.close();
  }
});

test('with the dev mailer the team mail lands in the dev mailbox', async () => {
  const svc = await startNotification({ env: { MAIL_URL: 'dev://', TEAM_EMAIL: 'tim@moba.test' } });
  try {
    const body = message();
    expect((await svc.client.post('/contact-us', body)).status).toBe(201);
    const mails = (await svc.client.get('/dev/mailbox.json?to=tim@moba.test')).body;
    expect(mails[0].text).toContain(body.message);
  } finally {
    await svc.stop();
  }
});
