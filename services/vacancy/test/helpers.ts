import {
  calendarDay,
  daysBetween,
  topics,
  type CreateVacancyInput,
  type EventEnvelope,
  type Role,
} from '@moba/contracts';
import type { DocumentStore } from '@moba/platform';
import { createTestDeps, startForTest, testToken } from '@moba/platform/testing';
import { loadVacancyConfig } from '../src/config';
import { createService } from '../src/service';
import { mobaFields } from '../../../test/support/moba-fields';

/** A day `days` after `from` (YYYY-MM-DD). */
export function addDays(from: string, days: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
void daysBetween;

/** A create-vacancy body that passes every rule, starting `startIn` days after `today`. */
export function validVacancy(
  today: string,
  overrides: Partial<CreateVacancyInput> & Record<string, unknown> = {},
): CreateVacancyInput {
  return mobaFields(addDays(today, 3), addDays(today, 10), {
    title: 'Berba malina u Arilju',
    description: 'Potrebni berači malina, rad od 07-16h, dnevnica 3.000 RSD, obezbeđen ručak.',
    ...overrides,
  }) as CreateVacancyInput;
}

/**
 * Six mobas, by name, that differ in every browse filter (place, region, district, crop, payment,
 * benefits, dates, featuring); each wants an estate of its own (so `featured` is a free first one).
 * In a harvest month of their crops (e.g. 2026-09-07) they open at once.
 */
export const variedMobas = (today: string): Record<string, Record<string, unknown>> => ({
  arilje: { municipality: 'Arilje', crops: ['kupina'], jobActivities: ['berba-branje'], dailyWage: 5000 },
  nis: {
    municipality: 'Niš',
    crops: ['jabuka'],
    paymentType: 'Norm',
    dailyWage: undefined,
    norm: '200 kg',
    normPrice: 20,
    foodProvided: false,
  },
  surcin: {
    municipality: 'Surčin',
    crops: ['kukuruz'],
    paymentType: 'ByAgreement',
    dailyWage: undefined,
    accommodationProvided: true,
  },
  subotica: {
    municipality: 'Subotica',
    dailyWage: 6000,
    transportProvided: true,
    groupLeadersAccepted: false,
    startDate: addDays(today, 20),
    endDate: addDays(today, 30),
  },
  featured: { municipality: 'Arilje', dailyWage: 4500, sponsored: true },
  bitola: { municipality: 'Bitola', region: 'MK', dailyWage: 4000 },
});

/**
 * The vacancy service on port 0 with memory adapters (or the store given), a movable clock and the
 * events it publishes.
 */
export async function startVacancy(env: Record<string, string> = {}, store?: DocumentStore) {
  const deps = createTestDeps();
  if (store) deps.store = store;
  const config = loadVacancyConfig({ NODE_ENV: 'test', SCHEDULER_INTERVAL_MS: '3600000', ...env });
  const service = await createService({ ...deps, config });
  const published: EventEnvelope[] = [];
  await deps.bus.subscribe(topics.vacancy, 'test-observer', async (event) => {
    published.push(event);
  });
  const { client, stop } = await startForTest(service);
  const today = () => calendarDay(deps.clock.now());
  /** Publishes an event on a topic as another service would (awaits every group). */
  const deliver = (topic: string, event: EventEnvelope) => deps.bus.publish(topic, event);
  /** What auth publishes about an account (registered, or its profile changed), with the given fields. */
  const deliverUserEvent = (
    type: 'UserRegistered' | 'ProfileUpdated',
    user: { id: string },
    role: Role,
    fields: Record<string, unknown> = {},
  ) => deliver(topics.auth, envelope(type, user.id, { userId: user.id, role, ...fields }));
  /** Outbox events published so far of a type, for a vacancy. */
  const eventsOf = async (type: string, vacancyId?: string) => {
    await service.context.relay.flush();
    return published.filter((e) => e.type === type && (!vacancyId || e.key === vacancyId));
  };
  const estate = async (fullName = 'Imanje Test') => testToken('Estate', { fullName });
  const create = async (auth: Record<string, string>, overrides: Record<string, unknown> = {}) => {
    const res = await client.post('/estates/vacancies/create', validVacancy(today(), overrides), auth);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
    return res.body.id as string;
  };
  /**
   * A worker token and the standing the service learns of it by event, as auth and application
   * would publish it: registered `ageDays` ago, e-mail confirmed, applied to `appliedTo` mobas,
   * accepted on `workedOn` mobas (ids this service may not know).
   */
  const reporter = async (
    standing: { ageDays?: number; emailConfirmed?: boolean; appliedTo?: string[]; workedOn?: string[] } = {},
  ) => {
    const worker = await testToken('Worker');
    const registeredAt = new Date(deps.clock.now().getTime() - (standing.ageDays ?? 0) * 86_400_000);
    await deliverUserEvent('UserRegistered', worker, 'Worker', { registeredAt: registeredAt.toISOString() });
    if (standing.emailConfirmed)
      await deliver(topics.auth, envelope('EmailVerified', worker.id, { userId: worker.id }));
    for (const vacancyId of standing.appliedTo ?? []) {
      const applicationId = crypto.randomUUID();
      await deliver(
        topics.application,
        envelope('ApplicationSubmitted', applicationId, { applicationId, vacancyId, workerId: worker.id }),
      );
    }
    for (const vacancyId of standing.workedOn ?? []) {
      const applicationId = crypto.randomUUID();
      await deliver(
        topics.application,
        envelope('ApplicationAccepted', applicationId, {
          applicationId,
          vacancyId,
          workerId: worker.id,
          guest: false,
          positions: 1,
          freePositions: 100,
        }),
      );
    }
    return worker;
  };
  /** A worker with a year-old confirmed account who has been accepted on a moba before. */
  const trustedReporter = () =>
    reporter({ ageDays: 365, emailConfirmed: true, workedOn: [crypto.randomUUID()] });
  const report = (id: string, auth: Record<string, string>, reason = 'asks_for_money') =>
    client.post(`/workers/vacancies/${id}/report`, { reason }, auth);
  return {
    deps,
    config,
    service,
    client,
    stop,
    /** A worker and an admin to browse and review with. */
    worker: await testToken('Worker'),
    admin: await testToken('Admin'),
    today,
    deliver,
    deliverUserEvent,
    eventsOf,
    published,
    estate,
    create,
    reporter,
    trustedReporter,
    report,
  };
}

export type VacancyHarness = Awaited<ReturnType<typeof startVacancy>>;

/** An event envelope as another service would publish it. */
export function envelope(
  type: string,
  key: string,
  data: Record<string, unknown>,
  id: string = crypto.randomUUID(),
): EventEnvelope {
  return { id, type, version: 1, occurredAt: new Date().toISOString(), key, data };
}

/** A RatingSubmitted event about one user, with the given figures (average, count, promises…). */
export const ratingSubmitted = (
  ratedUserId: string,
  ratedRole: 'Estate' | 'Worker',
  figures: Record<string, unknown> = {},
) =>
  envelope('RatingSubmitted', ratedUserId, {
    ratingId: crypto.randomUUID(),
    ratedUserId,
    ratedRole,
    ...figures,
  });
