import { AdminActionRecorded, auditPageSchema, topics } from '@moba/contracts';
import { adminAudit } from '@moba/platform';
import { eventually } from '@moba/platform/testing';
import { signedUp, startAuthWithAdmin, type Account, type Auth } from './helpers';

let auth: Auth;
let admin: Account;
beforeAll(async () => ({ auth, admin } = await startAuthWithAdmin()));
afterAll(() => auth.stop());

const search = (body: Record<string, unknown>) => auth.client.post('/admin/audit', body, admin.headers);
const entriesFor = async (targetId: string) =>
  auditPageSchema.parse((await search({ targetId, pageSize: 100 })).body).items;

describe('admin audit log', () => {
  test('a ban and a reactivation are recorded with who, when, what and the values before and after', async () => {
    const worker = await signedUp(auth, 'Worker', { lastName: 'Auditović' });
    await auth.client.post(`/admin/users/${worker.id}/ban`, { reason: 'lažni oglasi' }, admin.headers);
    await auth.client.post(`/admin/users/${worker.id}/reactivate`, {}, admin.headers);
    const entries = await eventually(async () => {
      const items = await entriesFor(worker.id);
      return items.length === 2 ? items : undefined;
    }, 'two audit entries');
    // Newest first.
    expect(entries.map((e) => e.action)).toEqual(['user.reactivate', 'user.ban']);
    expect(entries[1]).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      targetId: worker.id,
      targetLabel: 'Marko Auditović',
      before: { banned: false, banReason: null },
      after: { banned: true, banReason: 'lažni oglasi' },
    });
    expect(entries[0]!.before).toEqual({ banned: true, banReason: 'lažni oglasi' });
    expect(Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.at));
  });

  test('an entry another service reports is stored once, however often the event is delivered', async () => {
    const targetId = crypto.randomUUID();
    const { event } = adminAudit(
      {
        actor: { id: admin.id, fullName: 'Admin Adminović' },
        action: 'application.accept',
        target: { type: 'application', id: targetId, label: 'Berba malina' },
        before: { status: 'Pending' },
        after: { status: 'Accepted' },
      },
      auth.deps.clock,
    );
    expect(AdminActionRecorded.is(event)).toBe(true);
    await auth.deps.bus.publish(topics.audit, event);
    await auth.deps.bus.publish(topics.audit, event);
    const entries = await eventually(async () => {
      const items = await entriesFor(targetId);
      return items.length > 0 ? items : undefined;
    }, 'the entry');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: event.id,
      actorName: 'Admin Adminović',
      after: { status: 'Accepted' },
    });
  });

  test('search finds the admin or the target by name in either script, and filters by action', async () => {
    const tag = `Vv${Date.now().toString(36)}`;
    const worker = await signedUp(auth, 'Worker', { lastName: tag });
    await auth.client.post(`/admin/users/${worker.id}/ban`, { reason: 'spam' }, admin.headers);
    await eventually(async () => ((await entriesFor(worker.id)).length ? true : undefined), 'entry');
    const byTarget = auditPageSchema.parse((await search({ search: tag.toLowerCase() })).body);
    expect(byTarget.items.map((e) => e.targetId)).toEqual([worker.id]);
    const byId = auditPageSchema.parse((await search({ search: worker.id })).body);
    expect(byId.items.map((e) => e.targetId)).toEqual([worker.id]);
    const onlyVerify = auditPageSchema.parse((await search({ search: tag, action: 'estate.verify' })).body);
    expect(onlyVerify.total).toBe(0);
  });

  test('bad input answers 400 naming the field', async () => {
    const short = await search({ search: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body.error.details[0].field).toBe('body.search');
    const action = await search({ action: 'user.delete' });
    expect(action.status).toBe(400);
    expect(action.body.error.details[0].field).toBe('body.action');
  });

  test('no route edits or deletes an entry', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await auth.client.request(method, '/admin/audit', { body: {}, headers: admin.headers });
      expect([404, 405]).toContain(res.status);
    }
  });
});
