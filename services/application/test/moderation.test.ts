import { eventually } from '@moba/platform/testing';
import { startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

async function pendingApplication(options: { positions?: number; peopleCount?: number } = {}) {
  const { vacancyId, estateId } = await t.vacancy({ positions: options.positions ?? 10 });
  const w = await t.worker(options.peopleCount ? { groupLeader: true, groupSize: options.peopleCount } : {});
  const res = await t.apply(w, vacancyId, options.peopleCount);
  expect(res.status).toBe(201);
  return { vacancyId, estateId, worker: w, applicationId: res.body.id as string };
}

describe('admin moderation', () => {
  test('the pending list carries worker and vacancy details from the replicas', async () => {
    const { vacancyId, worker, applicationId } = await pendingApplication();
    const admin = await t.admin();
    const res = await t.client.post('/admin/applications/pending', { vacancyId }, admin.auth);
    expect(res.status).toBe(200);
    const item = res.body.items.find((a: { id: string }) => a.id === applicationId);
    expect(item).toMatchObject({
      status: 'Pending',
      workerId: worker.id,
      worker: {
        id: worker.id,
        phone: '+381641234567',
        municipality: 'Subotica',
        groupLeader: false,
        groupSize: 0,
      },
      vacancy: {
        id: vacancyId,
        title: 'Berba malina',
        municipality: 'Arilje',
        freePositions: 10,
        totalPositions: 10,
        status: 'Open',
      },
    });
    expect(item._outbox).toBeUndefined();
  });

  test('accepting takes the positions and publishes ApplicationAccepted with the new free count', async () => {
    const { vacancyId, estateId, worker, applicationId } = await pendingApplication({
      positions: 10,
      peopleCount: 3,
    });
    const admin = await t.admin();
    const res = await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      applicationId,
      vacancyId,
      positions: 4,
      freePositions: 6,
      totalPositions: 10,
    });
    const event = await eventually(async () =>
      t
        .eventsOf('ApplicationAccepted')
        .find((e) => (e.data as Record<string, unknown>).applicationId === applicationId),
    );
    expect(event.data).toEqual({
      applicationId,
      vacancyId,
      estateId,
      workerId: worker.id,
      guest: false,
      positions: 4,
      freePositions: 6,
      totalPositions: 10,
    });
    expect(await t.store.applications.findOne({ _id: applicationId })).toMatchObject({
      status: 'Accepted',
      decidedAt: expect.any(String),
    });
  });

  test('an accepted application is no longer pending: accepting or rejecting again answers 409 and takes nothing', async () => {
    const { vacancyId, applicationId } = await pendingApplication({ positions: 5 });
    const admin = await t.admin();
    expect((await t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth)).status).toBe(
      200,
    );
    const again = await t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('APPLICATION.NOT_PENDING');
    expect((await t.client.post(`/admin/applications/${applicationId}/reject`, {}, admin.auth)).status).toBe(
      409,
    );
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ freePositions: 4 });
  });

  test('rejecting publishes ApplicationRejected and leaves capacity alone', async () => {
    const { vacancyId, worker, applicationId } = await pendingApplication({ positions: 5 });
    const admin = await t.admin();
    const res = await t.client.post(`/admin/applications/${applicationId}/reject`, {}, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ applicationId, status: 'Rejected' });
    const event = await eventually(async () =>
      t
        .eventsOf('ApplicationRejected')
        .find((e) => (e.data as Record<string, unknown>).applicationId === applicationId),
    );
    const replica = await t.store.vacancies.findOne({ _id: vacancyId });
    expect(replica?.title).toEqual(expect.any(String));
    expect(event.data).toEqual({
      applicationId,
      vacancyId,
      workerId: worker.id,
      vacancyTitle: replica?.title,
    });
    expect(replica).toMatchObject({ freePositions: 5 });
    expect((await t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth)).status).toBe(
      409,
    );
  });

  test('accepting more positions than are free answers 409 NO_FREE_POSITIONS and leaves the application pending', async () => {
    const { vacancyId } = await t.vacancy({ positions: 2 });
    const admin = await t.admin();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await t.apply(await t.worker(), vacancyId)).body.id);
    expect((await t.client.post(`/admin/applications/${ids[0]}/accept`, {}, admin.auth)).status).toBe(200);
    expect((await t.client.post(`/admin/applications/${ids[1]}/accept`, {}, admin.auth)).status).toBe(200);
    const third = await t.client.post(`/admin/applications/${ids[2]}/accept`, {}, admin.auth);
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe('APPLICATION.NO_FREE_POSITIONS');
    expect(await t.store.applications.findOne({ _id: ids[2] })).toMatchObject({ status: 'Pending' });
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ freePositions: 0 });
  });

  test('accepting into a vacancy that is no longer open answers 409 VACANCY_NOT_OPEN', async () => {
    const { vacancyId, applicationId } = await pendingApplication();
    await t.statusChanged(vacancyId, 'Open', 'Closed');
    const admin = await t.admin();
    const res = await t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('APPLICATION.VACANCY_NOT_OPEN');
  });

  test('50 concurrent accepts over HTTP on a 10-position vacancy accept exactly 10', async () => {
    const { vacancyId } = await t.vacancy({ positions: 10 });
    const ids = await Promise.all(
      Array.from({ length: 50 }, async () => (await t.apply(await t.worker(), vacancyId)).body.id as string),
    );
    const admin = await t.admin();
    const answers = await Promise.all(
      ids.map((id) => t.client.post(`/admin/applications/${id}/accept`, {}, admin.auth)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(
      answers.filter((a) => a.status === 409 && a.body.error.code === 'APPLICATION.NO_FREE_POSITIONS'),
    ).toHaveLength(40);
    const vacancy = (await t.store.vacancies.findOne({ _id: vacancyId }))!;
    expect(vacancy.freePositions).toBe(0);
    expect(Object.keys(vacancy.claims)).toHaveLength(10);
    expect(await t.store.applications.count({ vacancyId, status: 'Accepted' })).toBe(10);
    const frees = answers
      .filter((a) => a.status === 200)
      .map((a) => a.body.freePositions)
      .sort((a, b) => a - b);
    expect(frees).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('concurrent accepts with group leaders count 1 + n positions and never overfill', async () => {
    const { vacancyId } = await t.vacancy({ positions: 10 });
    // 20 leaders bringing 2 (3 positions each) and 20 solo workers, all accepted at once
    const leaders = await Promise.all(
      Array.from(
        { length: 20 },
        async () =>
          (await t.apply(await t.worker({ groupLeader: true, groupSize: 5 }), vacancyId, 2)).body
            .id as string,
      ),
    );
    const solos = await Promise.all(
      Array.from({ length: 20 }, async () => (await t.apply(await t.worker(), vacancyId)).body.id as string),
    );
    const admin = await t.admin();
    await Promise.all(
      [...leaders, ...solos].map((id) => t.client.post(`/admin/applications/${id}/accept`, {}, admin.auth)),
    );
    const accepted = await t.store.applications.find({ vacancyId, status: 'Accepted' });
    const taken = accepted.reduce((sum, a) => sum + a.positions, 0);
    const vacancy = (await t.store.vacancies.findOne({ _id: vacancyId }))!;
    expect(taken).toBeLessThanOrEqual(10);
    expect(vacancy.freePositions).toBe(10 - taken);
    expect(Object.values(vacancy.claims).reduce((s, p) => s + p, 0)).toBe(taken);
    // whatever remains free is too small for any still-pending application
    const pending = await t.store.applications.find({ vacancyId, status: 'Pending' });
    expect(pending.every((a) => a.positions > vacancy.freePositions)).toBe(true);
  });

  test('the same application accepted 10 times at once is accepted once and takes its positions once', async () => {
    const { vacancyId, applicationId } = await pendingApplication({ positions: 10, peopleCount: 2 });
    const admin = await t.admin();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ freePositions: 7 });
    await eventually(async () =>
      t
        .eventsOf('ApplicationAccepted')
        .some((e) => (e.data as Record<string, unknown>).applicationId === applicationId),
    );
    expect(
      t
        .eventsOf('ApplicationAccepted')
        .filter((e) => (e.data as Record<string, unknown>).applicationId === applicationId),
    ).toHaveLength(1);
  });

  test('accept racing reject: exactly one wins and capacity matches the outcome', async () => {
    for (let round = 0; round < 5; round++) {
      const { vacancyId, applicationId } = await pendingApplication({ positions: 3 });
      const admin = await t.admin();
      await Promise.all([
        t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth),
        t.client.post(`/admin/applications/${applicationId}/reject`, {}, admin.auth),
      ]);
      const app = (await t.store.applications.findOne({ _id: applicationId }))!;
      const vacancy = (await t.store.vacancies.findOne({ _id: vacancyId }))!;
      expect(vacancy.freePositions).toBe(app.status === 'Accepted' ? 2 : 3);
    }
  });

  test('a retry after a crash between taking positions and marking the application finishes without taking them twice', async () => {
    const { vacancyId, applicationId } = await pendingApplication({ positions: 5 });
    // simulate the crash: the claim is written, the application is still Pending
    await t.store.vacancies.updateOne(
      { _id: vacancyId },
      { $inc: { freePositions: -1 }, $set: { [`claims.${applicationId}`]: 1 } },
    );
    const admin = await t.admin();
    const res = await t.client.post(`/admin/applications/${applicationId}/accept`, {}, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.freePositions).toBe(4);
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ freePositions: 4 });
  });

  test('update-note stores the admin note on an application', async () => {
    const { applicationId } = await pendingApplication();
    const admin = await t.admin();
    const res = await t.client.put(
      `/admin/applications/${applicationId}/update-note`,
      { note: 'Javiti se u 6h' },
      admin.auth,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: applicationId, note: 'Javiti se u 6h' });
    expect(await t.store.applications.findOne({ _id: applicationId })).toMatchObject({
      note: 'Javiti se u 6h',
    });
  });

  test('update-note with a missing or too long note answers 400 naming note; unknown id 404', async () => {
    const { applicationId } = await pendingApplication();
    const admin = await t.admin();
    const missing = await t.client.put(`/admin/applications/${applicationId}/update-note`, {}, admin.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].field).toBe('note');
    const long = await t.client.put(
      `/admin/applications/${applicationId}/update-note`,
      { note: 'x'.repeat(1001) },
      admin.auth,
    );
    expect(long.status).toBe(400);
    expect(
      (
        await t.client.put(
          `/admin/applications/${crypto.randomUUID()}/update-note`,
          { note: 'a' },
          admin.auth,
        )
      ).status,
    ).toBe(404);
  });

  test.each(['accept', 'reject'])(
    '%s of an unknown application answers 404, of a non-UUID-v4 id 400',
    async (action) => {
      const admin = await t.admin();
      const unknown = await t.client.post(
        `/admin/applications/${crypto.randomUUID()}/${action}`,
        {},
        admin.auth,
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('APPLICATION.NOT_FOUND');
      const bad = await t.client.post(`/admin/applications/123/${action}`, {}, admin.auth);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].field).toBe('id');
    },
  );
});
