import { AdminActionRecorded, type AdminActionRecordedData } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { guestBody, startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

const auditOf = (targetId: string, action: string) =>
  eventually(async () =>
    t.audited
      .filter(AdminActionRecorded.is)
      .map((e) => e.data as AdminActionRecordedData)
      .find((d) => d.targetId === targetId && d.action === action),
  );

async function pendingApplication() {
  const { vacancyId } = await t.vacancy({ positions: 5 });
  const worker = await t.worker();
  const res = await t.client.post('/applications/create', { vacancyId }, worker.auth);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('admin actions on applications go to the audit log', () => {
  test('accept and reject record the admin, the application and the status before and after', async () => {
    const admin = await t.admin();
    const accepted = await pendingApplication();
    const rejected = await pendingApplication();
    await t.client.post(`/admin/applications/${accepted}/accept`, undefined, admin.auth);
    await t.client.post(`/admin/applications/${rejected}/reject`, undefined, admin.auth);
    expect(await auditOf(accepted, 'application.accept')).toMatchObject({
      actorId: admin.id,
      targetType: 'application',
      targetLabel: 'Berba malina',
      before: { status: 'Pending' },
      after: { status: 'Accepted' },
    });
    expect(await auditOf(rejected, 'application.reject')).toMatchObject({
      actorId: admin.id,
      before: { status: 'Pending' },
      after: { status: 'Rejected' },
    });
  });

  test('a refused action records nothing', async () => {
    const admin = await t.admin();
    const id = await pendingApplication();
    await t.client.post(`/admin/applications/${id}/reject`, undefined, admin.auth);
    await auditOf(id, 'application.reject');
    const again = await t.client.post(`/admin/applications/${id}/accept`, undefined, admin.auth);
    expect(again.status).toBe(409);
    expect(t.audited.filter((e) => (e.data as AdminActionRecordedData).targetId === id)).toHaveLength(1);
  });

  test('a note records the old and the new text; a guest acceptance records the chosen vacancy', async () => {
    const admin = await t.admin();
    const id = await pendingApplication();
    await t.client.put(`/admin/applications/${id}/update-note`, { note: 'zvati posle 17h' }, admin.auth);
    expect(await auditOf(id, 'application.note')).toMatchObject({
      before: { note: null },
      after: { note: 'zvati posle 17h' },
    });
    const guest = await t.client.post('/signup-guest', guestBody());
    const { vacancyId } = await t.vacancy({ positions: 2 });
    const placed = await t.client.post(
      `/admin/applications/guest/${guest.body.id}/accept`,
      { vacancyId },
      admin.auth,
    );
    expect(placed.status).toBe(200);
    expect(await auditOf(guest.body.id, 'guest.accept')).toMatchObject({
      targetType: 'guestApplication',
      after: { vacancyId },
    });
  });
});
