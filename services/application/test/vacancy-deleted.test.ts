import { ApplicationsClosed } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { guestBody, startApplication, type TestApp } from './helpers';
import { readStats, recountStats } from '../src/stats/stats';

let t: TestApp;
beforeEach(async () => {
  t = await startApplication();
});
afterEach(() => t.stop());

const statsSettled = (app: TestApp) =>
  eventually(async () => {
    const [model, recount] = await Promise.all([readStats(app.store), recountStats(app.store)]);
    return JSON.stringify(model) === JSON.stringify(recount) ? model : null;
  }, 'stats read model equal to the recount');

describe('a deleted vacancy', () => {
  test('closes its pending and accepted applications (guest placements too), says so once, and leaves the stats consistent', async () => {
    const admin = await t.admin();
    const { vacancyId } = await t.vacancy({ positions: 6 });
    const [accepted, pending, rejected] = [await t.worker(), await t.worker(), await t.worker()];
    const acceptedId = (await t.apply(accepted, vacancyId)).body.id;
    const pendingId = (await t.apply(pending, vacancyId)).body.id;
    const rejectedId = (await t.apply(rejected, vacancyId)).body.id;
    expect((await t.client.post(`/admin/applications/${acceptedId}/accept`, {}, admin.auth)).status).toBe(
      200,
    );
    expect((await t.client.post(`/admin/applications/${rejectedId}/reject`, {}, admin.auth)).status).toBe(
      200,
    );
    const guest = (await t.client.post('/signup-guest', guestBody())).body.id;
    const placed = await t.client.post(
      `/admin/applications/guest/${guest}/accept`,
      { vacancyId },
      admin.auth,
    );
    expect(placed.status).toBe(200);
    const before = await statsSettled(t);
    expect(before).toMatchObject({ totalApplications: 4, openApplications: 3, pendingApplications: 1 });

    const deletion = await t.deleted(vacancyId);
    await t.deps.bus.publish('vacancy.v1', deletion); // a redelivery changes nothing

    const byId = async (id: string) => (await t.store.applications.findOne({ _id: id }))?.status;
    expect(await byId(acceptedId)).toBe('Closed');
    expect(await byId(pendingId)).toBe('Closed');
    expect(await byId(placed.body.applicationId)).toBe('Closed');
    expect(await byId(rejectedId)).toBe('Rejected');

    const closed = await eventually(async () => t.eventsOf(ApplicationsClosed.type)[0], 'ApplicationsClosed');
    expect(t.eventsOf(ApplicationsClosed.type)).toHaveLength(1);
    expect(ApplicationsClosed.envelope.parse(closed).data).toEqual({
      vacancyId,
      applicationIds: [acceptedId, pendingId, placed.body.applicationId].sort(),
      acceptedApplicationIds: [acceptedId, placed.body.applicationId].sort(),
      reason: 'VacancyDeleted',
      workerIds: [accepted.id, pending.id].sort(),
      acceptedPositions: 2,
    });

    const after = await eventually(async () => {
      const stats = await statsSettled(t);
      return stats.openApplications === 0 ? stats : null;
    }, 'closed applications leave the open ones');
    expect(after).toMatchObject({
      totalApplications: 4,
      openApplications: 0,
      pendingApplications: 0,
      totalVacancies: before.totalVacancies - 1,
    });
    expect((await t.client.get('/workers/vacancies/my/active', accepted.auth)).body).toEqual([]);
  });

  test('a finished vacancy closes only the pending applications; the accepted ones stay for rating', async () => {
    const admin = await t.admin();
    const { vacancyId } = await t.vacancy({ positions: 4 });
    const [accepted, pending] = [await t.worker(), await t.worker()];
    const acceptedId = (await t.apply(accepted, vacancyId)).body.id;
    const pendingId = (await t.apply(pending, vacancyId)).body.id;
    await t.client.post(`/admin/applications/${acceptedId}/accept`, {}, admin.auth);
    await t.statusChanged(vacancyId, 'Open', 'Finished');
    expect((await t.store.applications.findOne({ _id: acceptedId }))?.status).toBe('Accepted');
    expect((await t.store.applications.findOne({ _id: pendingId }))?.status).toBe('Closed');
    expect(await statsSettled(t)).toMatchObject({ openApplications: 1, pendingApplications: 0 });
  });
});
