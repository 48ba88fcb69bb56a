import { eventually } from '@moba/platform/testing';
import { startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

describe('replicas fed by auth and vacancy events', () => {
  test('a registered worker is kept with name, phone, municipality and group facts', async () => {
    const w = await t.worker({ groupLeader: true, groupSize: 12, municipality: 'Sombor' });
    const doc = await t.store.workers.findOne({ _id: w.id });
    expect(doc).toMatchObject({
      phone: '+381641234567',
      municipality: 'Sombor',
      groupLeader: true,
      groupSize: 12,
    });
  });

  test('a profile update refreshes the worker replica, and a redelivered registration does not undo it', async () => {
    const w = await t.worker();
    const registration = (await t.store.workers.findOne({ _id: w.id }))!;
    await t.profileUpdated(w.id, { groupLeader: true, groupSize: 30, fullName: 'Petar Petrović' });
    const { UserRegistered } = await import('../src/messaging/foreign-events');
    // a copy of the original registration arrives again (new envelope id): insert-only replica keeps the update
    await t.publish(
      'auth.v1',
      UserRegistered.create(w.id, {
        userId: w.id,
        role: 'Worker',
        fullName: 'Old',
        phone: '1',
        groupLeader: false,
        groupSize: 0,
      }),
    );
    expect(await t.store.workers.findOne({ _id: w.id })).toMatchObject({
      fullName: 'Petar Petrović',
      groupLeader: true,
      groupSize: 30,
    });
    expect(registration.fullName).not.toBe('Petar Petrović');
  });

  test('a registered estate is kept with its estate name', async () => {
    const e = await t.estate();
    expect(await t.store.estates.findOne({ _id: e.id })).toMatchObject({ estateName: 'Imanje Sunce' });
  });

  test('a created vacancy starts with all positions free', async () => {
    const { vacancyId } = await t.vacancy({ positions: 7 });
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({
      status: 'Open',
      totalPositions: 7,
      freePositions: 7,
      deleted: false,
    });
  });

  test('a redelivered VacancyCreated never resets the capacity this service has written', async () => {
    const { vacancyId, event } = await t.vacancy({ positions: 3 });
    const w = await t.worker();
    const applied = await t.apply(w, vacancyId);
    const admin = await t.admin();
    expect(
      (await t.client.post(`/admin/applications/${applied.body.id}/accept`, {}, admin.auth)).status,
    ).toBe(200);
    await t.publish('vacancy.v1', event); // same envelope again (bypasses nothing: the handler must be safe on its own)
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ freePositions: 2 });
  });

  test('status changes, featuring and deletion follow the events', async () => {
    const { vacancyId } = await t.vacancy();
    await t.statusChanged(vacancyId, 'Open', 'Closed');
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ status: 'Closed' });
    await t.featured(vacancyId, true);
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ featured: true });
    await t.deleted(vacancyId);
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({ deleted: true });
  });

  test('a malformed event is not applied', async () => {
    const id = crypto.randomUUID();
    await t.publish('vacancy.v1', {
      id: crypto.randomUUID(),
      type: 'VacancyCreated',
      version: 1,
      occurredAt: new Date().toISOString(),
      key: id,
      data: { vacancyId: id },
    });
    await eventually(async () => true);
    expect(await t.store.vacancies.findOne({ _id: id })).toBeNull();
  });
});
