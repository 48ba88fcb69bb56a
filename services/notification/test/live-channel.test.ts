import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { notificationKeys, notificationSchema, topics } from '@moba/contracts';
import { createMemoryBus } from '@moba/platform';
import { createTestDeps, testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import {
  createMemoryFanoutHub,
  openSocket,
  sleep,
  socketsReady,
  startNotification,
  type StartedNotification,
} from './helpers';

const rejection = (workerId: string) =>
  events.ApplicationRejected.create(randomUUID(), {
    applicationId: randomUUID(),
    vacancyId: randomUUID(),
    workerId,
  });

let svc: StartedNotification;
beforeAll(async () => {
  // Short enough for the heartbeat, expiry and greeting tests; long enough that a test process starved
  // of CPU for a few hundred ms (CI on a busy machine) does not lose its healthy sockets to them.
  svc = await startNotification({
    env: {
      WS_HEARTBEAT_MS: '1000',
      WS_GREETING_TIMEOUT_MS: '1000',
      ALLOWED_ORIGINS: 'https://moba.example,https://m.moba.example',
    },
  });
});
afterAll(() => svc.stop());

describe('greeting', () => {
  test('a socket greeted with its own valid token receives each new notification as one JSON frame in the list shape', async () => {
    const me = await testToken('Worker');
    const socket = await openSocket(svc.wsUrl(me.id), { token: me.token });
    await socketsReady(svc.service, me.id, 1);
    await svc.publish(topics.application, rejection(me.id));
    await expectEventually(() => socket.received.length === 1);
    const pushed = notificationSchema.parse(socket.received[0]);
    expect(pushed.content.key).toBe(notificationKeys.applicationRejected);
    expect((await svc.client.get('/notifications/all', me.auth)).body).toEqual([pushed]);
    socket.close();
  });

  test('a socket greeted with another user’s token is closed with 4401 and receives nothing', async () => {
    const victim = await testToken('Worker');
    const attacker = await testToken('Worker');
    const socket = await openSocket(svc.wsUrl(victim.id), { token: attacker.token });
    expect((await socket.closed).code).toBe(4401);
    await svc.publish(topics.application, rejection(victim.id));
    expect(socket.received).toEqual([]);
  });

  test.each([
    ['a forged token', async () => ({ token: 'eyJhbGciOiJFZERTQSJ9.e30.AAAA' })],
    ['an expired token', async (id: string) => ({ token: (await testToken('Worker', { id }, -10)).token })],
    ['a greeting without token', async () => ({ hello: 'there' })],
    ['a greeting that is not JSON', async () => 'hello'],
  ])('%s is closed with 4401', async (_label, greeting) => {
    const userId = randomUUID();
    const socket = await openSocket(svc.wsUrl(userId), await greeting(userId));
    expect((await socket.closed).code).toBe(4401);
  });

  test('a socket that sends no greeting is closed with 4401 after the greeting timeout', async () => {
    const socket = await openSocket(svc.wsUrl(randomUUID()), null);
    const started = Date.now();
    expect((await socket.closed).code).toBe(4401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  test('a frame larger than the message size limit closes the socket (1009)', async () => {
    const me = await testToken('Worker');
    const socket = await openSocket(svc.wsUrl(me.id), { token: me.token, padding: 'x'.repeat(20_000) });
    expect((await socket.closed).code).toBe(1009);
  });

  test('upgrades to a path whose user id is not a UUID v4 are refused with 400, unknown paths with 404', async () => {
    await expect(openSocket(svc.wsUrl('not-a-uuid'), null)).rejects.toThrow('400');
    await expect(openSocket(svc.client.url.replace('http', 'ws') + '/elsewhere', null)).rejects.toThrow(
      '404',
    );
  });
});

describe('origin check', () => {
  test('a browser origin outside the allow-list is refused with 403', async () => {
    await expect(
      openSocket(svc.wsUrl(randomUUID()), null, { origin: 'https://evil.example' }),
    ).rejects.toThrow('403');
  });

  test('allow-listed origins, the same origin, a forwarded host and no origin are accepted', async () => {
    const me = await testToken('Worker');
    const sameOrigin = svc.client.url;
    const sockets = await Promise.all([
      openSocket(svc.wsUrl(me.id), { token: me.token }, { origin: 'https://moba.example' }),
      openSocket(svc.wsUrl(me.id), { token: me.token }, { origin: 'https://m.moba.example' }),
      openSocket(svc.wsUrl(me.id), { token: me.token }, { origin: sameOrigin }),
      openSocket(
        svc.wsUrl(me.id),
        { token: me.token },
        { origin: 'https://moba.rs', headers: { 'x-forwarded-host': 'moba.rs' } },
      ),
      openSocket(svc.wsUrl(me.id), { token: me.token }),
    ]);
    await socketsReady(svc.service, me.id, 5);
    sockets.forEach((s) => s.close());
  });
});

describe('delivery', () => {
  test('a notification reaches every open socket of its user (tabs and devices) and no other user’s', async () => {
    const me = await testToken('Worker');
    const other = await testToken('Worker');
    const mine = await Promise.all([1, 2, 3].map(() => openSocket(svc.wsUrl(me.id), { token: me.token })));
    const theirs = await openSocket(svc.wsUrl(other.id), { token: other.token });
    await socketsReady(svc.service, me.id, 3);
    await socketsReady(svc.service, other.id, 1);

    await svc.publish(topics.application, rejection(me.id));
    await expectEventually(() => mine.every((s) => s.received.length === 1));
    expect(new Set(mine.map((s) => s.received[0].id)).size).toBe(1);
    await sleep(50);
    expect(theirs.received).toEqual([]);
    [...mine, theirs].forEach((s) => s.close());
  });

  test('a redelivered event pushes nothing new', async () => {
    const me = await testToken('Worker');
    const socket = await openSocket(svc.wsUrl(me.id), { token: me.token });
    await socketsReady(svc.service, me.id, 1);
    const event = rejection(me.id);
    await svc.publish(topics.application, event);
    await svc.publish(topics.application, event);
    await sleep(50);
    expect(socket.received).toHaveLength(1);
    socket.close();
  });

  test('frames the client sends after the greeting are ignored', async () => {
    const me = await testToken('Worker');
    const socket = await openSocket(svc.wsUrl(me.id), { token: me.token });
    await socketsReady(svc.service, me.id, 1);
    socket.ws.send('{"token":"something else"}');
    socket.ws.send('chatter');
    await sleep(50);
    expect(socket.isOpen()).toBe(true);
    socket.close();
  });
});

describe('heartbeat', () => {
  test('a socket that stops answering pings is closed, one that answers stays open', async () => {
    const me = await testToken('Worker');
    const alive = await openSocket(svc.wsUrl(me.id), { token: me.token });
    const dead = await openSocket(svc.wsUrl(me.id), { token: me.token }, { autoPong: false });
    await socketsReady(svc.service, me.id, 2);
    const { code } = await dead.closed;
    expect(code).toBe(1006); // terminated without a close frame
    expect(alive.isOpen()).toBe(true);
    expect(svc.service.live.openSockets(me.id)).toBe(1);
    alive.close();
  });
});

describe('limits', () => {
  test('a socket is closed with 4401 when its greeting token expires', async () => {
    const me = await testToken('Worker', {}, 3);
    const socket = await openSocket(svc.wsUrl(me.id), { token: me.token });
    await socketsReady(svc.service, me.id, 1);
    const { code, reason } = await socket.closed;
    expect({ code, reason }).toEqual({ code: 4401, reason: 'token expired' });
  });

  test('past the per-user socket limit the oldest socket of that user is closed (1008)', async () => {
    const own = await startNotification({ env: { WS_MAX_SOCKETS_PER_USER: '2' } });
    try {
      const me = await testToken('Worker');
      const first = await openSocket(own.wsUrl(me.id), { token: me.token });
      await socketsReady(own.service, me.id, 1);
      const second = await openSocket(own.wsUrl(me.id), { token: me.token });
      await socketsReady(own.service, me.id, 2);
      const third = await openSocket(own.wsUrl(me.id), { token: me.token });
      expect((await first.closed).code).toBe(1008);
      expect(second.isOpen() && third.isOpen()).toBe(true);
      expect(own.service.live.openSockets(me.id)).toBe(2);
    } finally {
      await own.stop();
    }
  });
});

describe('bans and revoked tokens', () => {
  test('UserBanned closes the user’s open sockets with 4403, later greetings get 4403, reactivation with a new token lets them in', async () => {
    const me = await testToken('Worker', { tokenVersion: 0 });
    const sockets = await Promise.all([1, 2].map(() => openSocket(svc.wsUrl(me.id), { token: me.token })));
    await socketsReady(svc.service, me.id, 2);
    await svc.publish(
      topics.auth,
      events.UserBanned.create(me.id, { userId: me.id, tokenVersion: 1, reason: 'spam' }),
    );
    for (const s of sockets) expect((await s.closed).code).toBe(4403);

    const newer = await testToken('Worker', { id: me.id, tokenVersion: 1 });
    expect((await (await openSocket(svc.wsUrl(me.id), { token: newer.token })).closed).code).toBe(4403);

    await svc.publish(topics.auth, events.UserReactivated.create(me.id, { userId: me.id, tokenVersion: 2 }));
    expect((await (await openSocket(svc.wsUrl(me.id), { token: newer.token })).closed).code).toBe(4401);
    const fresh = await testToken('Worker', { id: me.id, tokenVersion: 2 });
    const socket = await openSocket(svc.wsUrl(me.id), { token: fresh.token });
    await socketsReady(svc.service, me.id, 1);
    socket.close();
  });

  test('a UserBanned heard again after the reactivation (redelivered, or redriven to a consumer that never completed it) closes nothing and refuses nobody', async () => {
    const me = await testToken('Worker', { tokenVersion: 0 });
    const ban = events.UserBanned.create(me.id, { userId: me.id, tokenVersion: 1, reason: 'spam' });
    await svc.publish(topics.auth, ban);
    await svc.publish(topics.auth, events.UserReactivated.create(me.id, { userId: me.id, tokenVersion: 2 }));
    const fresh = await testToken('Worker', { id: me.id, tokenVersion: 2 });
    const open = await openSocket(svc.wsUrl(me.id), { token: fresh.token });
    await socketsReady(svc.service, me.id, 1);

    await svc.publish(topics.auth, ban);
    await svc.publish(topics.auth, { ...ban, id: randomUUID() });

    const later = await openSocket(svc.wsUrl(me.id), { token: fresh.token });
    await socketsReady(svc.service, me.id, 2);
    await svc.publish(topics.application, rejection(me.id));
    await expectEventually(() => open.received.length === 1 && later.received.length === 1);
    expect(open.isOpen()).toBe(true);
    open.close();
    later.close();
  });

  test('a password change closes sockets greeted with older tokens (4401) and keeps the newer ones', async () => {
    const old = await testToken('Estate', { tokenVersion: 3 });
    const current = await testToken('Estate', { id: old.id, tokenVersion: 4 });
    const oldSocket = await openSocket(svc.wsUrl(old.id), { token: old.token });
    const currentSocket = await openSocket(svc.wsUrl(old.id), { token: current.token });
    await socketsReady(svc.service, old.id, 2);
    await svc.publish(
      topics.auth,
      events.PasswordChanged.create(old.id, { userId: old.id, tokenVersion: 4 }),
    );
    expect((await oldSocket.closed).code).toBe(4401);
    expect(currentSocket.isOpen()).toBe(true);
    expect((await (await openSocket(svc.wsUrl(old.id), { token: old.token })).closed).code).toBe(4401);
    currentSocket.close();
  });
});

describe('two instances', () => {
  test('a notification created by instance A reaches a socket on instance B through the fanout hub, and a ban on B closes sockets on A', async () => {
    const hub = createMemoryFanoutHub();
    const shared = createTestDeps();
    // Each instance hears a different bus, so every event is handled by the instance it is published to.
    const a = await startNotification({
      deps: { ...shared, bus: createMemoryBus() },
      fanout: hub.instance(),
    });
    const b = await startNotification({
      deps: { ...shared, bus: createMemoryBus() },
      fanout: hub.instance(),
    });
    try {
      const me = await testToken('Worker');
      const onB = await openSocket(b.wsUrl(me.id), { token: me.token });
      const onA = await openSocket(a.wsUrl(me.id), { token: me.token });
      await socketsReady(b.service, me.id, 1);
      await socketsReady(a.service, me.id, 1);

      await a.publish(topics.application, rejection(me.id));
      await expectEventually(() => onB.received.length === 1 && onA.received.length === 1);
      expect(onB.received[0].id).toBe(onA.received[0].id);
      // Both instances read the same store: B lists what A created.
      expect(
        (await b.client.get('/notifications/all', me.auth)).body.map((n: { id: string }) => n.id),
      ).toEqual([onB.received[0].id]);

      await b.publish(
        topics.auth,
        events.UserBanned.create(me.id, { userId: me.id, tokenVersion: 1, reason: 'x' }),
      );
      expect((await onA.closed).code).toBe(4403);
      expect((await onB.closed).code).toBe(4403);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

test('stopping the service closes its sockets (1001) and does not hang', async () => {
  const own = await startNotification();
  const me = await testToken('Worker');
  const socket = await openSocket(own.wsUrl(me.id), { token: me.token });
  await socketsReady(own.service, me.id, 1);
  await own.stop();
  expect((await socket.closed).code).toBe(1001);
  expect(socket.ws.readyState).toBe(WebSocket.CLOSED);
});

async function expectEventually(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
