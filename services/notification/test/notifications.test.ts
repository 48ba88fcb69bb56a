import { randomUUID } from 'node:crypto';
import { notificationKeys, notificationListSchema, topics } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import { ApplicationAccepted, ApplicationRejected } from '../src/messaging/consumed-events';
import { startNotification, type StartedNotification } from './helpers';

let svc: StartedNotification;
beforeAll(async () => {
  svc = await startNotification();
});
afterAll(() => svc.stop());

/** Gives a worker `count` notifications through rejected applications. */
async function notificationsFor(workerId: string, count: number) {
  for (let i = 0; i < count; i++) {
    await svc.publish(
      topics.application,
      ApplicationRejected.create(randomUUID(), {
        applicationId: randomUUID(),
        vacancyId: randomUUID(),
        workerId,
      }),
    );
  }
}

describe('GET /notifications/all', () => {
  test('answers the caller’s own notifications, newest first, in the contract shape, and nobody else’s', async () => {
    const me = await testToken('Worker');
    const other = await testToken('Worker');
    await notificationsFor(me.id, 2);
    svc.deps.clock.advance(60_000);
    await notificationsFor(me.id, 1);
    await notificationsFor(other.id, 1);

    const res = await svc.client.get('/notifications/all', me.auth);
    expect(res.status).toBe(200);
    const list = notificationListSchema.parse(res.body);
    expect(list).toHaveLength(3);
    expect(list[0].dateSent >= list[1].dateSent && list[1].dateSent >= list[2].dateSent).toBe(true);
    expect(list[0]).toMatchObject({
      content: { key: notificationKeys.applicationRejected },
      actionButtonType: null,
      actionButtonParamIds: [],
    });
    expect(list[0]).not.toHaveProperty('dateRead');
  });

  test('a damaged stored notification fails loudly instead of reaching the panel (STYLE habit 4)', async () => {
    const me = await testToken('Worker');
    const raw = await svc.deps.store.collection<{ _id: string }>('notifications');
    await raw.insertOne({
      _id: randomUUID(),
      userId: me.id,
      key: 'notification.applicationRejected',
      params: {},
      dateSent: 'x',
      actionButtonType: 'Bogus',
      actionButtonParamIds: [],
    } as { _id: string });
    const res = await svc.client.get('/notifications/all', me.auth);
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('Bogus');
  });

  test('a user without notifications gets an empty list', async () => {
    const me = await testToken('Estate');
    const res = await svc.client.get('/notifications/all', me.auth);
    expect(res).toMatchObject({ status: 200, body: [] });
  });
});

describe('POST /notifications/read', () => {
  test('marks the named notifications read and leaves the others unread', async () => {
    const me = await testToken('Worker');
    await notificationsFor(me.id, 3);
    const before = (await svc.client.get('/notifications/all', me.auth)).body;
    const res = await svc.client.post(
      '/notifications/read',
      { notificationIds: [before[0].id], shouldDelete: false },
      me.auth,
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true, count: 1 } });
    const after = (await svc.client.get('/notifications/all', me.auth)).body;
    expect(after.filter((n: { dateRead?: string }) => n.dateRead).map((n: { id: string }) => n.id)).toEqual([
      before[0].id,
    ]);
  });

  test('without ids (or with an empty list) marks all of them read, and reading again keeps the first read date', async () => {
    const me = await testToken('Worker');
    await notificationsFor(me.id, 2);
    expect((await svc.client.post('/notifications/read', {}, me.auth)).body).toEqual({ ok: true, count: 2 });
    const first = (await svc.client.get('/notifications/all', me.auth)).body;
    expect(first.every((n: { dateRead?: string }) => n.dateRead)).toBe(true);
    svc.deps.clock.advance(1000);
    expect((await svc.client.post('/notifications/read', { notificationIds: [] }, me.auth)).body).toEqual({
      ok: true,
      count: 0,
    });
    expect((await svc.client.get('/notifications/all', me.auth)).body).toEqual(first);
  });

  test('with shouldDelete deletes the named ones, or all of them without ids', async () => {
    const me = await testToken('Worker');
    await notificationsFor(me.id, 3);
    const list = (await svc.client.get('/notifications/all', me.auth)).body;
    expect(
      (
        await svc.client.post(
          '/notifications/read',
          { notificationIds: [list[1].id], shouldDelete: true },
          me.auth,
        )
      ).body,
    ).toEqual({
      ok: true,
      count: 1,
    });
    expect(
      (await svc.client.get('/notifications/all', me.auth)).body.map((n: { id: string }) => n.id),
    ).toEqual([list[0].id, list[2].id]);
    expect((await svc.client.post('/notifications/read', { shouldDelete: true }, me.auth)).body).toEqual({
      ok: true,
      count: 2,
    });
    expect((await svc.client.get('/notifications/all', me.auth)).body).toEqual([]);
  });

  test('another user’s notification ids change nothing: neither read nor deleted (IDOR)', async () => {
    const owner = await testToken('Worker');
    const intruder = await testToken('Worker');
    await notificationsFor(owner.id, 2);
    await notificationsFor(intruder.id, 1);
    const ids = (await svc.client.get('/notifications/all', owner.auth)).body.map(
      (n: { id: string }) => n.id,
    );

    const read = await svc.client.post('/notifications/read', { notificationIds: ids }, intruder.auth);
    expect(read).toMatchObject({ status: 200, body: { ok: true, count: 0 } });
    const del = await svc.client.post(
      '/notifications/read',
      { notificationIds: ids, shouldDelete: true },
      intruder.auth,
    );
    expect(del).toMatchObject({ status: 200, body: { ok: true, count: 0 } });

    const ownerList = (await svc.client.get('/notifications/all', owner.auth)).body;
    expect(ownerList).toHaveLength(2);
    expect(ownerList.some((n: { dateRead?: string }) => n.dateRead)).toBe(false);
    // Reading "all" only ever reaches the caller's own notifications.
    await svc.client.post('/notifications/read', { shouldDelete: true }, intruder.auth);
    expect((await svc.client.get('/notifications/all', owner.auth)).body).toHaveLength(2);
  });

  test.each([
    [{ notificationIds: ['not-a-uuid'] }, 'notificationIds.0'],
    [{ notificationIds: 'all' }, 'notificationIds'],
    [{ shouldDelete: 'yes' }, 'shouldDelete'],
  ])('bad input %j answers 400 naming %s and changes nothing', async (body, field) => {
    const me = await testToken('Worker');
    await notificationsFor(me.id, 1);
    const res = await svc.client.post('/notifications/read', { ...body }, me.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    const list = (await svc.client.get('/notifications/all', me.auth)).body;
    expect(list).toHaveLength(1);
    expect(list[0].dateRead).toBeUndefined();
  });

  test('a malformed JSON body answers 400, not 500', async () => {
    const me = await testToken('Worker');
    const res = await svc.client.request('POST', '/notifications/read', {
      raw: '{"notificationIds":',
      headers: me.auth,
    });
    expect(res.status).toBe(400);
  });
});

test('a notification created from an event appears in the list without delay', async () => {
  const worker = await testToken('Worker');
  const estateId = randomUUID();
  await svc.publish(
    topics.application,
    ApplicationAccepted.create(randomUUID(), {
      applicationId: randomUUID(),
      vacancyId: randomUUID(),
      estateId,
      workerId: worker.id,
      guest: false,
      positions: 1,
      freePositions: 4,
      totalPositions: 5,
    }),
  );
  await eventually(
    async () => (await svc.client.get('/notifications/all', worker.auth)).body.length === 1,
    'worker notification',
  );
});
