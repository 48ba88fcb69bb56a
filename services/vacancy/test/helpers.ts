import {
  calendarDay,
  daysBetween,
  topics,
  type CreateVacancyInput,
  type EventEnvelope,
} from '@moba/contracts';
import { createTestDeps, startForTest, testToken } from '@moba/platform/testing';
import { loadVacancyConfig } from '../src/config';
import { createService } from '../src/service';
import { mobaFields } from '../../../test/support/product';

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

/** The vacancy service on port 0 with memory adapters, a movable clock and the events it publishes. */
export async function startVacancy(env: Record<string, string> = {}) {
  const deps = createTestDeps();
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
  return { deps, config, service, client, stop, today, deliver, eventsOf, published, estate, create };
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
