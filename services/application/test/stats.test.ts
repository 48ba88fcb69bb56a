import type { EventEnvelope } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { guestBody, startApplication, type TestApp } from './helpers';
import { readStats, recountStats } from '../src/stats/stats';

let t: TestApp;
beforeEach(async () => {
  t = await startApplication();
});
afterEach(() => t.stop());

/** Every event the service consumed: what the tests published on auth/vacancy, and its own application events. */
function recordingPublishes(app: TestApp) {
  const seen: { topic: string; event: EventEnvelope }[] = [];
  const original = app.publish;
  app.publish = async (topic, event) => {
    seen.push({ topic, event });
    return original(topic, event);
  };
  return seen;
}

async function settled(app: TestApp) {
  // the outbox drains asynchronously; wait until every application-side event reached the read model
  return eventually(async () => {
    const [model, recount] = await Promise.all([readStats(app.store), recountStats(app.store)]);
    return JSON.stringify(model) === JSON.stringify(recount) ? model : null;
  }, 'stats read model equal to the recount');
}

describe('GET /admin/stats', () => {
  test('counts workers, guests, estates, vacancies and applications', async () => {
    const admin = await t.admin();
    const e = await t.estate();
    const open = await t.vacancy({ estateId: e.id, positions: 5 });
    await t.vacancy({ estateId: e.id, status: 'Pending' });
    const [w1, w2, w3] = [await t.worker(), await t.worker(), await t.worker()];
    const a1 = (await t.apply(w1, open.vacancyId)).body.id;
    const a2 = (await t.apply(w2, open.vacancyId)).body.id;
    await t.apply(w3, open.vacancyId);
    await t.client.post(`/admin/applications/${a1}/accept`, {}, admin.auth);
    await t.client.post(`/admin/applications/${a2}/reject`, {}, admin.auth);
    const guest = (await t.client.post('/signup-guest', guestBody())).body.id;
    await t.client.post(
      `/admin/applications/guest/${guest}/accept`,
      { vacancyId: open.vacancyId },
      admin.auth,
    );

    await settled(t);
    const res = await t.client.get('/admin/stats', admin.auth);
    expect(res.status).toBe(200);
    // estates: 1 (+1 made by t.vacancy for the Pending one? no: both use e) ; workers 3; 1 guest
    expect(res.body).toEqual({
      workers: 3,
      guests: 1,
      estates: 1,
      totalVacancies: 2,
      openVacancies: 1,
      totalApplications: 4, // three worker applications + one guest placement
      openApplications: 3, // accepted worker + pending worker + accepted guest
      pendingApplications: 1,
      acceptedHeads: 2, // the accepted worker and the placed guest
    });
  });

  test('after a mixed sequence with redelivered events the read model equals a recount from the replicas', async () => {
    const seen = recordingPublishes(t);
    const admin = await t.admin();
    const estates = [await t.estate(), await t.estate()];
    const vacancies = [];
    for (let i = 0; i < 4; i++)
      vacancies.push(await t.vacancy({ estateId: estates[i % 2].id, positions: 3 }));
    await t.vacancy({ estateId: estates[0].id, status: 'Pending' });
    const workers = [];
    for (let i = 0; i < 6; i++) workers.push(await t.worker({ groupLeader: i === 0, groupSize: 5 }));
    const apps: string[] = [];
    for (const w of workers)
      for (const v of vacancies.slice(0, 3)) apps.push((await t.apply(w, v.vacancyId)).body.id);
    await Promise.all(
      apps.slice(0, 8).map((id) => t.client.post(`/admin/applications/${id}/accept`, {}, admin.auth)),
    );
    await Promise.all(
      apps.slice(8, 11).map((id) => t.client.post(`/admin/applications/${id}/reject`, {}, admin.auth)),
    );
    for (let i = 0; i < 3; i++) {
      const g = (await t.client.post('/signup-guest', guestBody())).body.id;
      await t.client.post(
        `/admin/applications/guest/${g}/accept`,
        { vacancyId: vacancies[3].vacancyId },
        admin.auth,
      );
    }
    await t.statusChanged(vacancies[0].vacancyId, 'Open', 'Closed');
    await t.statusChanged(vacancies[1].vacancyId, 'Open', 'Finished');
    await t.deleted(vacancies[2].vacancyId);
    await t.profileUpdated(workers[1].id, { groupLeader: true, groupSize: 9 });
    const first = await settled(t);

    // 1) plain redelivery of every event (the idempotent consumer skips them)
    const ownEvents = [...t.published];
    for (const { topic, event } of [...seen]) await t.deps.bus.publish(topic, event);
    for (const event of ownEvents) await t.deps.bus.publish('application.v1', event);
    expect(await settled(t)).toEqual(first);

    // 2) redelivery after "a crash between effect and record": the processed-event records are lost,
    //    so only the guards inside the documents stand between the events and a double count
    const processed = await t.deps.store.collection<{ _id: string }>('processed_events');
    await processed.deleteMany({});
    for (const { topic, event } of seen) await t.deps.bus.publish(topic, event);
    for (const event of ownEvents) await t.deps.bus.publish('application.v1', event);
    const after = await settled(t);
    expect(after).toEqual(first);
    expect(after).toEqual(await recountStats(t.store));
    expect(after.workers).toBe(6);
    expect(after.estates).toBe(2);
    expect(after.guests).toBe(3);
    expect(after.totalVacancies).toBe(4); // five created, one deleted
    expect(after.openVacancies).toBe(1); // vacancies[3]; the Pending one is not open
    expect((await t.client.get('/admin/stats', admin.auth)).body).toEqual(after);
  });
});
