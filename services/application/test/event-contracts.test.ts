import {
  ProfileUpdated,
  UserRegistered,
  VacancyCreated,
  VacancyDeleted,
  VacancyStatusChanged,
  applicationEvents,
  dayOfWorkEvents,
  topics,
} from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import { guestBody, startApplication, type TestApp } from './helpers';
import { localInstant } from '../src/domain/work-days';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication({ env: { CONFIRMATION_SWEEP_INTERVAL_MS: '20' } });
});
afterAll(() => t.stop());

describe('confirmation events (issue #31) parse with their definitions in @moba/contracts', () => {
  test('ConfirmationRequested, ConfirmationAnswered and PlacesReleased', async () => {
    const moba = await t.vacancy({ startDate: t.daysAfterToday(60), positions: 4 });
    const admin = await t.admin();
    const ids: string[] = [];
    const workers = [await t.worker(), await t.worker()];
    for (const worker of workers) {
      const id = (await t.apply(worker, moba.vacancyId)).body.id as string;
      await t.client.post(`/admin/applications/${id}/accept`, {}, admin.auth);
      ids.push(id);
    }
    t.deps.clock.set(localInstant(t.daysAfterToday(59), '18:30'));
    const types = ['ConfirmationRequested', 'ConfirmationAnswered', 'PlacesReleased'];
    await eventually(async () => {
      const asked = t.eventsOf('ConfirmationRequested').length >= 2;
      if (asked && t.eventsOf('ConfirmationAnswered').length === 0)
        await t.client.post(
          `/workers/applications/${ids[0]}/confirmation`,
          { answer: 'no' },
          workers[0]!.auth,
        );
      return types.every((type) => t.eventsOf(type).length > 0);
    }, 'the confirmation events');
    t.deps.clock.set(new Date());
    for (const type of types) {
      const definition = dayOfWorkEvents.find((d) => d.type === type)!;
      for (const event of t.eventsOf(type)) expect(definition.envelope.safeParse(event).success).toBe(true);
    }
  });
});

describe("interop with the producers' event definitions in @moba/contracts", () => {
  test('events built with the auth and vacancy definitions feed the replicas', async () => {
    const w = await testToken('Worker');
    await t.publish(
      topics.auth,
      UserRegistered.create(w.id, {
        userId: w.id,
        role: 'Worker',
        email: 'radnik@example.com',
        fullName: 'Marko Marković',
        firstName: 'Marko',
        lastName: 'Marković',
        phone: '+381641234567',
        region: 'RS',
        municipality: 'Valjevo',
        groupLeader: true,
        groupSize: 6,
        language: 'sr',
        registeredAt: new Date().toISOString(),
      }),
    );
    await t.publish(
      topics.auth,
      ProfileUpdated.create(w.id, {
        userId: w.id,
        role: 'Worker',
        fullName: 'Marko M.',
        phone: '+381641234568',
        groupLeader: true,
        groupSize: 7,
      }),
    );
    expect(await t.store.workers.findOne({ _id: w.id })).toMatchObject({
      fullName: 'Marko M.',
      groupSize: 7,
      municipality: null,
    });

    const estateId = crypto.randomUUID();
    const vacancyId = crypto.randomUUID();
    await t.publish(
      topics.vacancy,
      VacancyCreated.create(vacancyId, {
        vacancyId,
        estateId,
        estateName: 'Voćnjak',
        title: 'Berba jabuka',
        municipality: 'Arilje',
        startDate: t.daysAfterToday(30),
        endDate: t.daysAfterToday(39),
        totalPositions: 8,
        status: 'Pending',
        featuring: 'paid',
        featured: false,
        groupLeadersAccepted: true,
        paymentType: 'DailyWage',
        dailyWage: 4000,
        createdAt: new Date().toISOString(),
      }),
    );
    await t.publish(
      topics.vacancy,
      VacancyStatusChanged.create(vacancyId, {
        vacancyId,
        estateId,
        from: 'Pending',
        to: 'Open',
        reason: 'payment',
      }),
    );
    expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({
      status: 'Open',
      freePositions: 8,
      estateId,
    });

    const res = await t.apply(w, vacancyId, 7);
    expect(res.status).toBe(201);
    expect(res.body.positions).toBe(8);

    await t.publish(
      topics.vacancy,
      VacancyDeleted.create(vacancyId, { vacancyId, estateId, deletedAt: new Date().toISOString() }),
    );
    expect(await t.store.applications.findOne({ _id: res.body.id })).toMatchObject({ status: 'Closed' });
  });

  test('every event this service publishes parses with its definition in @moba/contracts', async () => {
    const { vacancyId } = await t.vacancy({ positions: 3 });
    const admin = await t.admin();
    const accepted = (await t.apply(await t.worker(), vacancyId)).body.id;
    const rejected = (await t.apply(await t.worker(), vacancyId)).body.id;
    await t.apply(await t.worker(), vacancyId);
    await t.client.post(`/admin/applications/${accepted}/accept`, {}, admin.auth);
    await t.client.post(`/admin/applications/${rejected}/reject`, {}, admin.auth);
    const guest = (await t.client.post('/signup-guest', guestBody())).body.id;
    await t.client.post(`/admin/applications/guest/${guest}/accept`, { vacancyId }, admin.auth);
    await t.deleted(vacancyId);
    // A crew (CrewUpdated) naming a registered worker, who is invited and accepts (CrewInvitationSent,
    // CrewInvitationAnswered), and attendance at a job that started today (AttendanceMarked).
    const leader = await t.worker({ groupLeader: true });
    const invited = await t.worker();
    await t.profileUpdated(invited.id, { groupLeader: false, groupSize: 0, phone: '+381657770011' });
    const members = Array.from({ length: 5 }, (_, i) => ({ name: `Član ${i}` }));
    await t.client.put(
      '/workers/me/crew',
      { members: [{ name: 'Pozvana', phone: '+381657770011' }, ...members] },
      leader.auth,
    );
    const invitation = await eventually(
      async () => (await t.client.get('/workers/me/crew-invitations', invited.auth)).body[0] ?? null,
      'the invitation',
    );
    await t.client.post(`/workers/me/crew-invitations/${invitation.id}/accept`, {}, invited.auth);
    const today = await t.vacancy({ startDate: t.daysAfterToday(0) });
    const came = (await t.apply(await t.worker(), today.vacancyId)).body.id;
    await t.client.post(`/admin/applications/${came}/accept`, {}, admin.auth);
    const owner = await testToken('Estate', { id: today.estateId });
    await t.client.post(
      `/estates/vacancies/${today.vacancyId}/attendance`,
      { marks: [{ personId: came, attendance: 'Came' }] },
      owner.auth,
    );
    await eventually(
      async () => applicationEvents.every((definition) => t.eventsOf(definition.type).length > 0),
      'one of each event type',
    );
    for (const event of t.published) {
      const definition = [...applicationEvents, ...dayOfWorkEvents].find((d) => d.type === event.type)!;
      expect(definition.envelope.safeParse(event).success).toBe(true);
    }
  });

  test('the standby events (PlacesReleased, VacancyPlacesChanged, StandbyOffered) parse with their definitions', async () => {
    const { vacancyId } = await t.vacancy({ positions: 1 });
    const standby = await t.worker();
    await t.apply(standby, vacancyId);
    const leaving = await t.worker();
    const id = (await t.apply(leaving, vacancyId)).body.id;
    await t.client.post(`/admin/applications/${id}/accept`, {}, (await t.admin()).auth);
    await t.client.post(`/workers/applications/${id}/cancel`, { reason: 'sick' }, leaving.auth);
    const standbyTypes = ['PlacesReleased', 'VacancyPlacesChanged', 'StandbyOffered'];
    await eventually(
      async () => standbyTypes.every((type) => t.eventsOf(type).length > 0),
      'the standby events',
      5000,
    );
    for (const type of standbyTypes)
      for (const event of t.eventsOf(type)) {
        const definition = dayOfWorkEvents.find((d) => d.type === type)!;
        expect(definition.envelope.safeParse(event).success).toBe(true);
      }
  });

  test("an estate's broadcast publishes BroadcastSent and, for no work, WorkDaysChanged, as @moba/contracts defines them", async () => {
    const { vacancyId, estateId } = await t.vacancy({ startDate: t.daysAfterToday(3) });
    const admin = await t.admin();
    const accepted = (await t.apply(await t.worker(), vacancyId)).body.id;
    await t.client.post(`/admin/applications/${accepted}/accept`, {}, admin.auth);
    const owner = await testToken('Estate', { id: estateId });
    const sent = await t.client.post(
      `/estates/vacancies/${vacancyId}/broadcasts`,
      { template: 'no-work', day: t.daysAfterToday(4) },
      owner.auth,
    );
    expect(sent.status).toBe(201);
    const mine = await eventually(async () => {
      const found = t.published.filter(
        (e) => e.key === vacancyId && (e.type === 'BroadcastSent' || e.type === 'WorkDaysChanged'),
      );
      return found.length === 2 && found;
    }, 'BroadcastSent and WorkDaysChanged');
    for (const event of mine) {
      const definition = dayOfWorkEvents.find((d) => d.type === event.type)!;
      expect(definition.envelope.safeParse(event).success).toBe(true);
    }
  });
});
