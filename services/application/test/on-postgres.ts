import { randomUUID } from 'node:crypto';
import { calendarDay, topics } from '@moba/contracts';
import { createMemoryBus, createStore, type DocumentStore, type EventBus } from '@moba/platform';
import { createTestDeps, startForTest, testToken, type TestClient } from '@moba/platform/testing';
import { dropSchemas, freshSchemaPrefix, withSchema } from '../../../libs/platform/test/fixtures/postgres';
import { createService } from '../src/service';
import { loadApplicationConfig } from '../src/config';
import { UserRegistered, VacancyCreated } from '../src/messaging/foreign-events';
import { startApplication, type TestApp } from './helpers';

/** One application service on the given bus and store, on port 0, with test clock, logger and keys. */
export async function startInstance(bus: EventBus, store: DocumentStore) {
  const service = await createService({
    ...createTestDeps(),
    bus,
    store,
    config: loadApplicationConfig({ PORT: '0', LOG_LEVEL: 'silent' }),
  });
  return startForTest(service);
}

/**
 * The application service (startApplication) on a fresh PostgreSQL schema, started before the
 * enclosing block's tests; stopped, its store closed and the schema dropped after them.
 */
export function applicationOnPostgres(label: string) {
  const prefix = freshSchemaPrefix(label);
  let store: DocumentStore;
  let app: TestApp;
  beforeAll(async () => {
    store = await createStore(withSchema(prefix), 'application');
    app = await startApplication({ store });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
    await store.close();
    await dropSchemas(prefix);
  });
  return () => app;
}

/**
 * Application instances on one memory bus and one fresh PostgreSQL schema, each with its own
 * connections, as `start:distributed` runs them; started before the enclosing block's tests, stopped,
 * closed and dropped after them. `client(i)` takes turns between the instances.
 */
export function instancesOnPostgres(label: string, count: number) {
  const prefix = freshSchemaPrefix(label);
  const bus = createMemoryBus();
  const stores: DocumentStore[] = [];
  const instances: { client: TestClient; stop: () => Promise<void> }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < count; i++) {
      const store = await createStore(withSchema(prefix), 'application');
      stores.push(store);
      instances.push(await startInstance(bus, store));
    }
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    for (const store of stores) await store.close();
    await dropSchemas(prefix);
  });
  return { bus, stores, client: (i: number) => instances[i % count].client };
}

/** A worker's session, registered with the application by a UserRegistered event (a leader: a crew of 10). */
export async function registeredWorker(
  bus: EventBus,
  fullName: string,
  options: { leader?: boolean; phone?: string } = {},
) {
  const session = await testToken('Worker');
  const leader = options.leader ?? false;
  await bus.publish(
    topics.auth,
    UserRegistered.create(session.id, {
      userId: session.id,
      role: 'Worker',
      fullName,
      phone: options.phone ?? '+381641234567',
      municipality: 'Arilje',
      groupLeader: leader,
      groupSize: leader ? 10 : 0,
    }),
  );
  return session;
}

/** A moba open for applications, starting in 30 days, announced by a VacancyCreated event; its id. */
export async function openVacancy(
  bus: EventBus,
  fields: { totalPositions: number; days: number; groupLeadersAccepted: boolean },
) {
  const vacancyId = randomUUID();
  const start = Date.now() + 30 * 86_400_000;
  await bus.publish(
    topics.vacancy,
    VacancyCreated.create(vacancyId, {
      vacancyId,
      estateId: randomUUID(),
      estateName: 'Imanje',
      title: 'Berba jabuka',
      municipality: 'Arilje',
      startDate: calendarDay(new Date(start)),
      endDate: calendarDay(new Date(start + (fields.days - 1) * 86_400_000)),
      totalPositions: fields.totalPositions,
      status: 'Open',
      featured: false,
      groupLeadersAccepted: fields.groupLeadersAccepted,
    }),
  );
  return vacancyId;
}
