import { calendarDay, topics, type Crew, type EventEnvelope } from '@moba/contracts';
import type { DocumentStore } from '@moba/platform';
import { createTestDeps, eventually, startForTest, testToken } from '@moba/platform/testing';
import { createService } from '../src/service';
import { loadApplicationConfig } from '../src/config';
import { openApplicationStore } from '../src/store';
import * as foreignEvents from '../src/messaging/foreign-events';

type VacancyStatus = 'Open' | 'Pending' | 'Closed' | 'Finished';

/** Waits until an assertion about asynchronous effects (events, read models) holds. */
export async function until(assertion: () => unknown) {
  await eventually(async () => {
    try {
      await assertion();
      return true;
    } catch {
      return false;
    }
  });
  await assertion();
}

/**
 * The application service on port 0 with memory adapters (or the given store). Auth and vacancy
 * facts arrive only as published events (envelopes built here), never through those services' code.
 */
export async function startApplication(
  options: { store?: DocumentStore; env?: Record<string, string> } = {},
) {
  const deps = { ...createTestDeps(), ...(options.store ? { store: options.store } : {}) };
  const env = options.env ?? {};
  const service = await createService({
    ...deps,
    config: loadApplicationConfig({ PORT: '0', LOG_LEVEL: 'silent', ...env }),
  });
  const { client, stop } = await startForTest(service);
  const store = await openApplicationStore(deps.store);

  const published: EventEnvelope[] = [];
  await deps.bus.subscribe(topics.application, 'test-observer', async (event) => {
    published.push(event);
  });
  const audited: EventEnvelope[] = [];
  await deps.bus.subscribe(topics.audit, 'test-observer', async (event) => {
    audited.push(event);
  });

  const publish = async (topic: string, event: EventEnvelope) => {
    await deps.bus.publish(topic, event);
    return event;
  };

  const addDays = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const daysAfterToday = (days: number) => addDays(calendarDay(deps.clock.now()), days);

  async function worker(
    options: {
      groupLeader?: boolean;
      groupSize?: number;
      municipality?: string;
      availabilityMonths?: number[];
      fullName?: string;
      gender?: 'male' | 'female' | 'other';
    } = {},
  ) {
    const session = await testToken('Worker');
    const groupLeader = options.groupLeader ?? false;
    await publish(
      topics.auth,
      foreignEvents.UserRegistered.create(session.id, {
        userId: session.id,
        role: 'Worker',
        fullName: options.fullName ?? `Radnik ${session.id.slice(0, 4)}`,
        phone: '+381641234567',
        municipality: options.municipality ?? 'Subotica',
        groupLeader,
        groupSize: groupLeader ? (options.groupSize ?? 10) : 0,
        ...(options.availabilityMonths ? { availabilityMonths: options.availabilityMonths } : {}),
        ...(options.gender ? { gender: options.gender } : {}),
      }),
    );
    return session;
  }

  async function estate() {
    const session = await testToken('Estate');
    await publish(
      topics.auth,
      foreignEvents.UserRegistered.create(session.id, {
        userId: session.id,
        role: 'Estate',
        fullName: 'Vlasnik Imanja',
        phone: '+381601112223',
        municipality: 'Kikinda',
        groupLeader: false,
        groupSize: 0,
        estateName: 'Imanje Sunce',
      }),
    );
    return session;
  }

  async function vacancy(
    options: {
      estateId?: string;
      positions?: number;
      status?: VacancyStatus;
      groupLeadersAccepted?: boolean;
      startDate?: string;
      endDate?: string;
      municipality?: string;
      crops?: string[];
    } = {},
  ) {
    const vacancyId = crypto.randomUUID();
    // A month after the service's today: open for applications by date unless a test says otherwise.
    const startDate = options.startDate ?? daysAfterToday(30);
    const estateId = options.estateId ?? (await estate()).id;
    const event = foreignEvents.VacancyCreated.create(vacancyId, {
      vacancyId,
      estateId,
      estateName: 'Imanje Sunce',
      title: 'Berba malina',
      municipality: options.municipality ?? 'Arilje',
      ...(options.crops ? { crops: options.crops } : {}),
      startDate,
      endDate: options.endDate ?? addDays(startDate, 19),
      totalPositions: options.positions ?? 10,
      status: options.status ?? 'Open',
      featured: false,
      groupLeadersAccepted: options.groupLeadersAccepted ?? true,
      createdAt: new Date().toISOString(),
    });
    await publish(topics.vacancy, event);
    return { vacancyId, estateId, event };
  }

  const statusChanged = (vacancyId: string, from: VacancyStatus, to: VacancyStatus) =>
    publish(topics.vacancy, foreignEvents.VacancyStatusChanged.create(vacancyId, { vacancyId, from, to }));
  const deleted = (vacancyId: string) =>
    publish(topics.vacancy, foreignEvents.VacancyDeleted.create(vacancyId, { vacancyId }));
  const reviewChanged = (vacancyId: string, state: 'held' | 'hidden' | 'approved' | 'rejected') =>
    publish(topics.vacancy, foreignEvents.VacancyReviewChanged.create(vacancyId, { vacancyId, state }));
  const featured = (vacancyId: string, value: boolean) =>
    publish(topics.vacancy, foreignEvents.VacancyFeatured.create(vacancyId, { vacancyId, featured: value }));
  const profileUpdated = (
    userId: string,
    fields: { groupLeader: boolean; groupSize: number; phone?: string; fullName?: string },
  ) =>
    publish(
      topics.auth,
      foreignEvents.ProfileUpdated.create(userId, {
        userId,
        role: 'Worker',
        fullName: fields.fullName ?? 'Novo Ime',
        phone: fields.phone ?? '+381641234567',
        municipality: 'Subotica',
        groupLeader: fields.groupLeader,
        groupSize: fields.groupSize,
      }),
    );

  const admin = () => testToken('Admin');
  const apply = (session: { auth: Record<string, string> }, vacancyId: string, peopleCount?: number) =>
    client.post(
      '/applications/create',
      peopleCount === undefined ? { vacancyId } : { vacancyId, peopleCount },
      session.auth,
    );

  /** A leader with a crew of six applies for the first `pick` members: the pending application. */
  async function crewApplies(vacancyId: string, pick: number) {
    const leader = await worker({ groupLeader: true, groupSize: 10 });
    const members = Array.from({ length: 6 }, (_, i) => ({ name: `Član ${i + 1}` }));
    const crew = (await client.put('/workers/me/crew', { members }, leader.auth)).body as Crew;
    const memberIds = crew.members.slice(0, pick).map((m) => m.id);
    const res = await client.post('/applications/create', { vacancyId, memberIds }, leader.auth);
    expect(res.status).toBe(201);
    return { leader, id: res.body.id as string, memberIds };
  }

  const eventsOf = (type: string) => published.filter((e) => e.type === type);

  return {
    deps,
    client,
    stop,
    store,
    publish,
    published,
    /** AdminActionRecorded events (audit.v1) this service sent. */
    audited,
    eventsOf,
    daysAfterToday,
    worker,
    estate,
    vacancy,
    statusChanged,
    deleted,
    featured,
    reviewChanged,
    profileUpdated,
    admin,
    apply,
    crewApplies,
  };
}
export type TestApp = Awaited<ReturnType<typeof startApplication>>;
export type AdminSession = Awaited<ReturnType<TestApp['admin']>>;

/** The service and one admin session, for files whose tests all act as the admin. */
export async function startApplicationWithAdmin() {
  const t = await startApplication();
  return { t, admin: await t.admin() };
}

export const guestBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Milan',
  lastName: 'Jovanović',
  phone: '0641234567',
  municipality: 'Čačak',
  note: 'Zove posle 17h',
  ...overrides,
});
