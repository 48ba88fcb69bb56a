import { eventually } from '@moba/platform/testing';
import { startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

async function accept(applicationId: string) {
  const admin = await t.admin();
  expect((await t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth)).status).toBe(
    200,
  );
}

describe('approved applicants of a vacancy', () => {
  test('the owning estate sees accepted workers and guests with name, phone, group size and municipality', async () => {
    const e = await t.estate();
    const { vacancyId } = await t.vacancy({ estateId: e.id, positions: 20 });
    const leader = await t.worker({ groupLeader: true, groupSize: 5, municipality: 'Ivanjica' });
    const solo = await t.worker();
    const pending = await t.worker();
    const leaderApp = (await t.apply(leader, vacancyId, 4)).body.id;
    await accept(leaderApp);
    const soloApp = (await t.apply(solo, vacancyId)).body.id;
    await accept(soloApp);
    await t.apply(pending, vacancyId);
    const guestId = (
      await t.client.post('/signup-guest', {
        firstName: 'Ana',
        lastName: 'Anić',
        phone: '0641112222',
        municipality: 'Lučani',
      })
    ).body.id;
    const admin = await t.admin();
    expect(
      (await t.client.post(`/admin/applications/guest/${guestId}/accept`, { vacancyId }, admin.auth)).status,
    ).toBe(200);

    const res = await t.client.get(`/estates/vacancies/${vacancyId}/applicants/approved`, e.auth);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          applicationId: leaderApp,
          workerId: leader.id,
          guest: false,
          phone: '+381641234567',
          municipality: 'Ivanjica',
          groupSize: 4,
          positions: 5,
        }),
        expect.objectContaining({ applicationId: soloApp, workerId: solo.id, groupSize: 0, positions: 1 }),
        expect.objectContaining({
          workerId: null,
          guest: true,
          fullName: 'Ana Anić',
          phone: '+381641112222',
          municipality: 'Lučani',
          groupSize: 0,
        }),
      ]),
    );
  });

  test("another estate's vacancy answers 403 and shows nothing", async () => {
    const { vacancyId } = await t.vacancy();
    const stranger = await t.estate();
    const res = await t.client.get(`/estates/vacancies/${vacancyId}/applicants/approved`, stranger.auth);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('APPLICATION.NOT_VACANCY_OWNER');
  });

  test('an unknown vacancy answers 404, a non-UUID-v4 id 400', async () => {
    const e = await t.estate();
    expect(
      (await t.client.get(`/estates/vacancies/${crypto.randomUUID()}/applicants/approved`, e.auth)).status,
    ).toBe(404);
    expect((await t.client.get(`/estates/vacancies/abc/applicants/approved`, e.auth)).status).toBe(400);
  });
});

describe("a worker's own vacancies", () => {
  test('active lists pending and accepted applications to vacancies that have not finished; finished lists accepted ones that did', async () => {
    const w = await t.worker();
    const running = await t.vacancy();
    const waiting = await t.vacancy();
    const done = await t.vacancy();
    const doneButRejected = await t.vacancy();
    const gone = await t.vacancy();
    const runningApp = (await t.apply(w, running.vacancyId)).body.id;
    await accept(runningApp);
    const waitingApp = (await t.apply(w, waiting.vacancyId)).body.id;
    const doneApp = (await t.apply(w, done.vacancyId)).body.id;
    await accept(doneApp);
    const rejectedApp = (await t.apply(w, doneButRejected.vacancyId)).body.id;
    const admin = await t.admin();
    await t.client.post(`/admin/applications/${rejectedApp}/reject`, {}, admin.auth);
    await accept((await t.apply(w, gone.vacancyId)).body.id);
    await t.statusChanged(done.vacancyId, 'Open', 'Finished');
    await t.statusChanged(doneButRejected.vacancyId, 'Open', 'Finished');
    await t.statusChanged(running.vacancyId, 'Open', 'Closed');
    await t.deleted(gone.vacancyId);

    const active = await t.client.get('/workers/vacancies/my/active', w.auth);
    expect(active.status).toBe(200);
    expect(active.body.map((v: { id: string }) => v.id).sort()).toEqual(
      [running.vacancyId, waiting.vacancyId].sort(),
    );
    expect(active.body.find((v: { id: string }) => v.id === running.vacancyId)).toMatchObject({
      status: 'Closed',
      title: 'Berba malina',
      application: { id: runningApp, status: 'Accepted', positions: 1 },
    });
    expect(active.body.find((v: { id: string }) => v.id === waiting.vacancyId).application).toMatchObject({
      id: waitingApp,
      status: 'Pending',
    });

    const finished = await t.client.get('/workers/vacancies/my/finished', w.auth);
    expect(finished.status).toBe(200);
    expect(finished.body.map((v: { id: string }) => v.id)).toEqual([done.vacancyId]);
    expect(finished.body[0]).toMatchObject({
      status: 'Finished',
      application: { id: doneApp, status: 'Accepted' },
    });
  });

  test("the worker's application statuses say pending, accepted and rejected per vacancy", async () => {
    const w = await t.worker();
    const admin = await t.admin();
    const [waiting, taken, refused] = [await t.vacancy(), await t.vacancy(), await t.vacancy()];
    const waitingApp = (await t.apply(w, waiting.vacancyId)).body.id;
    const takenApp = (await t.apply(w, taken.vacancyId)).body.id;
    await t.client.post(`/admin/applications/${takenApp}/accept`, {}, admin.auth);
    const refusedApp = (await t.apply(w, refused.vacancyId)).body.id;
    await t.client.post(`/admin/applications/${refusedApp}/reject`, {}, admin.auth);

    const res = await t.client.get('/workers/applications', w.auth);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { vacancyId: refused.vacancyId, applicationId: refusedApp, status: 'Rejected' },
        { vacancyId: taken.vacancyId, applicationId: takenApp, status: 'Accepted' },
        { vacancyId: waiting.vacancyId, applicationId: waitingApp, status: 'Pending' },
      ]),
    );
  });

  test("a worker never sees another worker's applications", async () => {
    const { vacancyId } = await t.vacancy();
    const a = await t.worker();
    const b = await t.worker();
    await t.apply(a, vacancyId);
    expect((await t.client.get('/workers/vacancies/my/active', b.auth)).body).toEqual([]);
  });
});

describe('a deleted or finished vacancy closes its pending applications', () => {
  // A deleted vacancy closes its accepted applications too: test/vacancy-deleted.test.ts.
  test.each([['finished', (id: string) => t.statusChanged(id, 'Open', 'Finished')]])(
    'when the vacancy is %s, its pending applications close, accepted ones stay, one ApplicationsClosed is published',
    async (_label, end) => {
      const { vacancyId } = await t.vacancy();
      const ids = await Promise.all(
        [t.worker(), t.worker(), t.worker()].map(
          async (w) => (await t.apply(await w, vacancyId)).body.id as string,
        ),
      );
      await accept(ids[0]);
      await end(vacancyId);
      expect(await t.store.applications.findOne({ _id: ids[0] })).toMatchObject({ status: 'Accepted' });
      for (const id of ids.slice(1))
        expect(await t.store.applications.findOne({ _id: id })).toMatchObject({ status: 'Closed' });
      const closed = await eventually(async () =>
        t.eventsOf('ApplicationsClosed').filter((e) => e.key === vacancyId),
      );
      expect(closed).toHaveLength(1);
      expect((closed[0].data as { applicationIds: string[] }).applicationIds.sort()).toEqual(
        ids.slice(1).sort(),
      );
      const admin = await t.admin();
      const pending = await t.client.post('/admin/applications/pending', { vacancyId }, admin.auth);
      expect(pending.body).toMatchObject({ items: [], total: 0 });
    },
  );

  test('a redelivered VacancyDeleted closes nothing twice and publishes ApplicationsClosed once', async () => {
    const { vacancyId } = await t.vacancy();
    await t.apply(await t.worker(), vacancyId);
    const { VacancyDeleted } = await import('../src/messaging/foreign-events');
    const event = VacancyDeleted.create(vacancyId, { vacancyId });
    await t.publish('vacancy.v1', event);
    await t.publish('vacancy.v1', event);
    await eventually(async () => t.eventsOf('ApplicationsClosed').some((e) => e.key === vacancyId));
    await new Promise((r) => setTimeout(r, 100));
    expect(t.eventsOf('ApplicationsClosed').filter((e) => e.key === vacancyId)).toHaveLength(1);
  });

  test('an application racing the deletion of its vacancy does not stay pending', async () => {
    for (let round = 0; round < 5; round++) {
      const { vacancyId } = await t.vacancy();
      const workers = await Promise.all([t.worker(), t.worker(), t.worker(), t.worker()]);
      await Promise.all([...workers.map((w) => t.apply(w, vacancyId)), t.deleted(vacancyId)]);
      expect(await t.store.applications.count({ vacancyId, status: 'Pending' })).toBe(0);
    }
  });

  test('a vacancy without pending applications publishes no ApplicationsClosed', async () => {
    const { vacancyId } = await t.vacancy();
    await t.statusChanged(vacancyId, 'Open', 'Finished');
    await new Promise((r) => setTimeout(r, 100));
    expect(t.eventsOf('ApplicationsClosed').filter((e) => e.key === vacancyId)).toHaveLength(0);
  });
});
