import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { ApplicationRejected, topics, UserBanned, type EventEnvelope } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import {
  ADMIN,
  loginAdmin,
  mailedLink,
  registeredUser,
  startProduct,
  tokenOf,
  workerSignup,
} from './support/product';

describe('accounts through the gateway', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.stop());

  it('signs up, refuses login before confirmation, confirms by the mailed link, then logs in', async () => {
    const body = workerSignup();
    expect((await product.client.post('/api/signup-worker', body)).status).toBeLessThan(300);
    const early = await product.client.post('/api/login', { email: body.email, password: body.password });
    expect(early.status).toBeGreaterThanOrEqual(400);
    const link = await mailedLink(product.client, body.email, 'confirm-email');
    expect(link).toContain(`${product.publicUrl}/confirm-email?token=`);
    expect((await product.client.post('/api/verify-email', { token: tokenOf(link) })).status).toBeLessThan(
      300,
    );
    const again = await product.client.post('/api/verify-email', { token: tokenOf(link) });
    expect(again.status).toBeGreaterThanOrEqual(400);
    const login = await product.client.post('/api/login', { email: body.email, password: body.password });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ token: expect.any(String), userId: expect.any(String) });
  });

  it('after a password change the old token gets 401 on the next call, the new one works', async () => {
    const worker = await registeredUser(product.client, 'worker');
    expect((await product.client.get('/api/workers/me', worker.auth)).status).toBe(200);
    const change = await product.client.post(
      '/api/users/me/password',
      { currentPassword: worker.password, password: 'novi-pasvord-9', confirmPassword: 'novi-pasvord-9' },
      worker.auth,
    );
    expect(change.status).toBeLessThan(300);
    const old = await product.client.get('/api/workers/me', worker.auth);
    expect(old.status).toBe(401);
    const login = await product.client.post('/api/login', {
      email: worker.email,
      password: 'novi-pasvord-9',
    });
    expect(login.status).toBe(200);
    expect(
      (await product.client.get('/api/workers/me', { authorization: `Bearer ${login.body.token}` })).status,
    ).toBe(200);
  });

  it('logout ends the session at the gateway and its live socket; the same account elsewhere goes on; "log out everywhere" ends both', async () => {
    const worker = await registeredUser(product.client, 'worker');
    const other = await product.client.post('/api/login', { email: worker.email, password: worker.password });
    const elsewhere = { authorization: `Bearer ${other.body.token}` };
    const ws = new WebSocket(`${product.url.replace(/^http/, 'ws')}/api/ws/${worker.userId}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ token: worker.token }));
    await new Promise((r) => setTimeout(r, 300)); // the greeting is checked

    expect((await product.client.post('/api/logout', {}, worker.auth)).status).toBe(200);
    // Refused by the gateway for every service, not only by auth.
    for (const path of ['/api/workers/me', '/api/notifications/all', '/api/users/me/ratings'])
      expect({ path, status: (await product.client.get(path, worker.auth)).status }).toEqual({
        path,
        status: 401,
      });
    expect(await closed).toBe(4401);
    expect((await product.client.get('/api/notifications/all', elsewhere)).status).toBe(200);

    expect((await product.client.post('/api/users/me/logout-everywhere', {}, elsewhere)).status).toBe(200);
    expect((await product.client.get('/api/notifications/all', elsewhere)).status).toBe(401);
  });

  it('a ban stops the user on the next call; after reactivation login works again', async () => {
    const estate = await registeredUser(product.client, 'estate');
    const admin = await loginAdmin(product.client);
    expect((await product.client.get('/api/estates/me', estate.auth)).status).toBe(200);
    const ban = await product.client.post(
      `/api/admin/users/${estate.userId}/ban`,
      { reason: 'lažni oglasi' },
      admin.auth,
    );
    expect(ban.status).toBeLessThan(300);
    const next = await product.client.get('/api/estates/me', estate.auth);
    expect([401, 403]).toContain(next.status);
    const refused = await product.client.post('/api/login', {
      email: estate.email,
      password: estate.password,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.text).toContain('lažni oglasi');
    expect(
      (await product.client.post(`/api/admin/users/${estate.userId}/reactivate`, {}, admin.auth)).status,
    ).toBeLessThan(300);
    const login = await product.client.post('/api/login', { email: estate.email, password: estate.password });
    expect(login.status).toBe(200);
  });

  it('a UserBanned delivered again after the reactivation bans nobody: the gateway and the live channel let the user in', async () => {
    const worker = await registeredUser(product.client, 'worker');
    const admin = await loginAdmin(product.client);
    const heard: EventEnvelope[] = [];
    await product.bus.subscribe(topics.auth, `spy-${randomUUID()}`, async (event) => {
      heard.push(event);
    });
    const adminPost = (action: string, body = {}) =>
      product.client.post(`/api/admin/users/${worker.userId}/${action}`, body, admin.auth);
    expect((await adminPost('ban', { reason: 'spam' })).status).toBe(200);
    expect((await adminPost('reactivate')).status).toBe(200);
    const ofWorker = (type: string) =>
      heard.find((e) => e.type === type && (e.data as { userId: string }).userId === worker.userId);
    const ban = await eventually(async () => ofWorker(UserBanned.type), 'the UserBanned');
    await eventually(async () => ofWorker('UserReactivated'), 'the UserReactivated');

    const login = await product.client.post('/api/login', { email: worker.email, password: worker.password });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${login.body.token}` };

    // A live socket, greeted and receiving (a push proves the greeting was accepted).
    const ws = new WebSocket(`${product.url.replace(/^http/, 'ws')}/api/ws/${worker.userId}`);
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ token: login.body.token }));
    const rejection = () =>
      product.bus.publish(
        topics.application,
        ApplicationRejected.create(randomUUID(), {
          applicationId: randomUUID(),
          vacancyId: randomUUID(),
          workerId: worker.userId,
        }),
      );
    await eventually(
      async () => {
        await rejection();
        return frames.length > 0;
      },
      'a push on the greeted socket',
      10_000,
    );

    // The old ban again: the same envelope (the gateway's replica hears it again; notification's
    // consumer knows its id) and as a redrive delivers it to a consumer that never completed it.
    await product.bus.publish(topics.auth, ban);
    await product.bus.publish(topics.auth, { ...ban, id: randomUUID() });

    expect((await product.client.get('/api/workers/me', auth)).status).toBe(200);
    expect(
      (await product.client.post('/api/login', { email: worker.email, password: worker.password })).status,
    ).toBe(200);
    const next = new Promise<string>((resolve) => {
      ws.once('message', () => resolve('push'));
      ws.once('close', (code) => resolve(`closed ${code}`));
    });
    await rejection();
    expect(await next).toBe('push');
    ws.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const worker = await registeredUser(product.client, 'worker');
    expect((await product.client.post('/api/reset-password', { email: worker.email })).status).toBeLessThan(
      300,
    );
    const link = await mailedLink(product.client, worker.email, 'new-password');
    const reset = await product.client.post('/api/set-new-password', {
      token: tokenOf(link),
      password: 'sasvim-novo-7',
      confirmPassword: 'sasvim-novo-7',
    });
    expect(reset.status).toBeLessThan(300);
    expect(
      (await product.client.post('/api/login', { email: worker.email, password: 'sasvim-novo-7' })).status,
    ).toBe(200);
    expect(
      (await product.client.post('/api/login', { email: ADMIN.email, password: 'wrong-password' })).body.error
        .message,
    ).toBe('password or email is incorrect');
  });
});
