import { randomUUID } from 'node:crypto';
import { topics, type Role } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import { openSocket, socketsReady, startNotification, type StartedNotification } from './helpers';

/**
 * Authorization matrix of every route: visitor (no token), a bad token, Worker, Estate, Admin, and
 * another user's object (IDOR). 'ok' is the route's success status.
 */
type Caller = 'visitor' | 'badToken' | Role;
const callers: Caller[] = ['visitor', 'badToken', 'Worker', 'Estate', 'Admin'];

interface RouteCase {
  name: string;
  call: (
    svc: StartedNotification,
    headers: Record<string, string>,
  ) => Promise<{ status: number; body?: unknown }>;
  expected: Record<Caller, number>;
}

const signedInOnly = { visitor: 401, badToken: 401, Worker: 200, Estate: 200, Admin: 200 };
const workersOnly = { visitor: 401, badToken: 401, Worker: 200, Estate: 403, Admin: 403 };

const routes: RouteCase[] = [
  {
    name: 'GET /notifications/all',
    call: (svc, h) => svc.client.get('/notifications/all', h),
    expected: signedInOnly,
  },
  {
    name: 'POST /notifications/read',
    call: (svc, h) => svc.client.post('/notifications/read', {}, h),
    expected: signedInOnly,
  },
  {
    name: 'POST /contact-us',
    call: (svc, h) =>
      svc.client.post('/contact-us', { name: 'Ana', email: 'ana@example.com', message: 'Zdravo' }, h),
    expected: { visitor: 201, badToken: 201, Worker: 201, Estate: 201, Admin: 201 },
  },
  {
    name: 'GET /sms/settings',
    call: (svc, h) => svc.client.get('/sms/settings', h),
    expected: workersOnly,
  },
  {
    name: 'PUT /sms/settings',
    call: (svc, h) => svc.client.put('/sms/settings', { enabled: false }, h),
    expected: workersOnly,
  },
  {
    name: 'GET /job-alerts/settings',
    call: (svc, h) => svc.client.get('/job-alerts/settings', h),
    expected: workersOnly,
  },
  {
    name: 'PUT /job-alerts/settings',
    call: (svc, h) => svc.client.put('/job-alerts/settings', { radiusKm: 50 }, h),
    expected: workersOnly,
  },
  {
    name: 'POST /sms/inbound (only the SMS provider, by its basic-auth secret)',
    call: (svc, h) => svc.client.post('/sms/inbound', { results: [] }, h),
    expected: { visitor: 401, badToken: 401, Worker: 401, Estate: 401, Admin: 401 },
  },
  {
    name: 'GET /dev/sms.json (development only)',
    call: (svc, h) => svc.client.get('/dev/sms.json', h),
    expected: { visitor: 200, badToken: 200, Worker: 200, Estate: 200, Admin: 200 },
  },
  {
    // the moba is the caller's own when the caller is an estate (its id from the token), so an
    // Estate shows the owner's 200; another estate's moba is in the IDOR tests below
    name: 'GET /estates/vacancies/:id/broadcasts (own moba)',
    call: async (svc, h) => {
      const vacancyId = randomUUID();
      const estateId = callerIdOf(h) ?? randomUUID();
      await svc.publish(topics.vacancy, events.VacancyCreated.create(vacancyId, { vacancyId, estateId }));
      return svc.client.get(`/estates/vacancies/${vacancyId}/broadcasts`, h);
    },
    expected: { visitor: 401, badToken: 401, Worker: 403, Estate: 200, Admin: 200 },
  },
  {
    name: 'GET /dev/mailbox.json (development only)',
    call: (svc, h) => svc.client.get('/dev/mailbox.json', h),
    expected: { visitor: 200, badToken: 200, Worker: 200, Estate: 200, Admin: 200 },
  },
];

/** The user id in a test token's payload (no verification: the service does that). */
function callerIdOf(headers: Record<string, string>): string | undefined {
  const payload = headers.authorization?.split(' ')[1]?.split('.')[1];
  if (!payload) return undefined;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: string }).sub;
  } catch {
    return undefined;
  }
}

async function headersOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'visitor') return {};
  if (caller === 'badToken') return { authorization: 'Bearer not.a.token' };
  return (await testToken(caller)).auth;
}

let svc: StartedNotification;
beforeAll(async () => {
  svc = await startNotification({ env: { MAIL_URL: 'dev://' } });
});
afterAll(() => svc.stop());

describe.each(routes)('$name', ({ call, expected }) => {
  test.each(callers)('as %s', async (caller) => {
    const res = await call(svc, await headersOf(caller));
    expect(res.status).toBe(expected[caller]);
  });
});

describe('another user’s objects (IDOR)', () => {
  async function ownerWithNotification() {
    const owner = await testToken('Worker');
    await svc.publish(
      topics.application,
      events.ApplicationRejected.create(randomUUID(), {
        applicationId: randomUUID(),
        vacancyId: randomUUID(),
        workerId: owner.id,
      }),
    );
    const [notification] = (await svc.client.get('/notifications/all', owner.auth)).body;
    return { owner, notification };
  }

  test.each(['Worker', 'Estate', 'Admin'] as const)(
    'a %s never sees another user’s notifications',
    async (role) => {
      const { notification } = await ownerWithNotification();
      const other = await testToken(role);
      const list = (await svc.client.get('/notifications/all', other.auth)).body;
      expect(list.map((n: { id: string }) => n.id)).not.toContain(notification.id);
    },
  );

  test.each(['Worker', 'Estate', 'Admin'] as const)(
    'a %s can neither read nor delete another user’s notification',
    async (role) => {
      const { owner, notification } = await ownerWithNotification();
      const other = await testToken(role);
      for (const shouldDelete of [false, true]) {
        const res = await svc.client.post(
          '/notifications/read',
          { notificationIds: [notification.id], shouldDelete },
          other.auth,
        );
        expect(res.body).toEqual({ ok: true, count: 0 });
      }
      expect((await svc.client.get('/notifications/all', owner.auth)).body).toEqual([notification]);
    },
  );
});

describe('broadcast reports are the owning estate’s (IDOR)', () => {
  test('another estate gets 403 and no recipient’s name; an unknown moba 404; the owner and an admin see it', async () => {
    const owner = await testToken('Estate');
    const stranger = await testToken('Estate');
    const vacancyId = randomUUID();
    await svc.publish(
      topics.vacancy,
      events.VacancyCreated.create(vacancyId, { vacancyId, estateId: owner.id, title: 'Berba' }),
    );
    const workerId = randomUUID();
    await svc.publish(
      topics.application,
      events.BroadcastSent.create(vacancyId, {
        broadcastId: randomUUID(),
        vacancyId,
        estateId: owner.id,
        estateName: 'Imanje',
        title: 'Berba',
        day: null,
        template: 'free',
        text: 'Sutra u 7',
        recipients: [{ workerId, applicationId: randomUUID(), name: 'Tajno Ime' }],
        sentAt: new Date().toISOString(),
      }),
    );
    const refused = await svc.client.get(`/estates/vacancies/${vacancyId}/broadcasts`, stranger.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('NOTIFICATION.NOT_VACANCY_OWNER');
    expect(refused.text).not.toContain('Tajno Ime');
    const unknown = await svc.client.get(`/estates/vacancies/${randomUUID()}/broadcasts`, owner.auth);
    expect(unknown.status).toBe(404);
    for (const allowed of [owner, await testToken('Admin')]) {
      const res = await svc.client.get(`/estates/vacancies/${vacancyId}/broadcasts`, allowed.auth);
      expect(res.status).toBe(200);
      expect(res.body.broadcasts[0].recipients).toEqual([
        { workerId, name: 'Tajno Ime', state: 'queued', sms: null },
      ]);
    }
  });
});

describe('SMS settings are the caller’s own (IDOR)', () => {
  test('another worker’s switch, language and phone are never shown or changed', async () => {
    const owner = await testToken('Worker');
    await svc.publish(
      topics.auth,
      events.UserRegistered.create(owner.id, { userId: owner.id, role: 'Worker', phone: '+381641119988' }),
    );
    await svc.client.put('/sms/settings', { enabled: true, language: 'en' }, owner.auth);
    const otherWorker = await testToken('Worker');
    expect((await svc.client.get('/sms/settings', otherWorker.auth)).body).toEqual({
      enabled: false,
      language: 'sr',
      phone: null,
      stoppedByReply: false,
      phoneProven: false,
    });
    await svc.client.put('/sms/settings', { enabled: false, language: 'sr' }, otherWorker.auth);
    expect((await svc.client.get('/sms/settings', owner.auth)).body).toEqual({
      enabled: true,
      language: 'en',
      phone: '+381641119988',
      stoppedByReply: false,
      phoneProven: false,
    });
  });
});

describe('job alert settings are the caller’s own (IDOR)', () => {
  test('another worker reads and changes only their own alert, never the owner’s', async () => {
    const owner = await testToken('Worker');
    await svc.publish(
      topics.auth,
      events.UserRegistered.create(owner.id, { userId: owner.id, role: 'Worker', phone: '+381641119977' }),
    );
    await svc.client.put('/job-alerts/settings', { radiusKm: 100, crops: ['malina'] }, owner.auth);
    const otherWorker = await testToken('Worker');
    const theirs = (await svc.client.get('/job-alerts/settings', otherWorker.auth)).body;
    expect(theirs).toMatchObject({ radiusKm: 30, crops: [] });
    await svc.client.put('/job-alerts/settings', { enabled: false, radiusKm: 10 }, otherWorker.auth);
    expect((await svc.client.get('/job-alerts/settings', owner.auth)).body).toMatchObject({
      enabled: true,
      radiusKm: 100,
      crops: ['malina'],
    });
  });
});

describe('banned users and revoked tokens (checked again behind the gateway)', () => {
  test.each(routes.slice(0, 2))(
    '$name answers 401 AUTH.BANNED for a banned user and AUTH.TOKEN_REVOKED for a token older than a password change',
    async ({ call }) => {
      const banned = await testToken('Worker', { tokenVersion: 0 });
      await svc.publish(
        topics.auth,
        events.UserBanned.create(banned.id, { userId: banned.id, tokenVersion: 1, reason: 'spam' }),
      );
      const afterBan = await call(svc, banned.auth);
      expect(afterBan).toMatchObject({ status: 401, body: { error: { code: 'AUTH.BANNED' } } });

      const old = await testToken('Estate', { tokenVersion: 2 });
      await svc.publish(
        topics.auth,
        events.PasswordChanged.create(old.id, { userId: old.id, tokenVersion: 3 }),
      );
      expect(await call(svc, old.auth)).toMatchObject({
        status: 401,
        body: { error: { code: 'AUTH.TOKEN_REVOKED' } },
      });
      const fresh = await testToken('Estate', { id: old.id, tokenVersion: 3 });
      expect((await call(svc, fresh.auth)).status).toBe(200);
    },
  );
});

describe('WebSocket /ws/{userId}', () => {
  test('a visitor (greeting without token) is closed with 4401', async () => {
    const socket = await openSocket(svc.wsUrl(randomUUID()), {});
    expect((await socket.closed).code).toBe(4401);
  });

  test.each(['Worker', 'Estate', 'Admin'] as const)(
    'a %s may open their own channel and not another user’s (4401)',
    async (role) => {
      const me = await testToken(role);
      const own = await openSocket(svc.wsUrl(me.id), { token: me.token });
      await socketsReady(svc.service, me.id, 1);
      const foreign = await openSocket(svc.wsUrl(randomUUID()), { token: me.token });
      expect((await foreign.closed).code).toBe(4401);
      own.close();
    },
  );
});

test('the dev mailbox and the dev SMS outbox are absent in production for every caller', async () => {
  const prod = await startNotification({ env: { MAIL_URL: 'dev://', NODE_ENV: 'production' } });
  try {
    for (const caller of callers) {
      expect((await prod.client.get('/dev/mailbox', await headersOf(caller))).status).toBe(404);
      expect((await prod.client.get('/dev/sms', await headersOf(caller))).status).toBe(404);
      expect((await prod.client.post('/dev/sms/reply', { from: '+381641234567', text: 'STOP' })).status).toBe(
        404,
      );
    }
  } finally {
    await prod.stop();
  }
});
