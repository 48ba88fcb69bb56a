import {
  ApplicationAccepted,
  ProfileUpdated,
  UserRegistered,
  VacancyCreated,
  VacancyDeleted,
  VacancyStatusChanged,
  topics,
  type EventEnvelope,
} from '@moba/contracts';
import {
  ApplicationAcceptedRead,
  ProfileUpdatedRead,
  UserRegisteredRead,
  VacancyCreatedRead,
  VacancyDeletedRead,
  VacancyStatusChangedRead,
} from '../src/messaging/consumed-events';
import { startRating, type World } from './support';

/** Each reader next to the producer's definition in libs/contracts (consumer-driven contract check). */
const pairs = [
  [UserRegistered, UserRegisteredRead],
  [ProfileUpdated, ProfileUpdatedRead],
  [VacancyCreated, VacancyCreatedRead],
  [VacancyStatusChanged, VacancyStatusChangedRead],
  [VacancyDeleted, VacancyDeletedRead],
  [ApplicationAccepted, ApplicationAcceptedRead],
] as const;

let world: World;
const seen: EventEnvelope[] = [];
beforeAll(async () => {
  world = await startRating();
  for (const topic of [topics.auth, topics.vacancy, topics.application]) {
    await world.deps.bus.subscribe(topic, 'contract-check', async (event) => {
      seen.push(event);
    });
  }
});
afterAll(() => world.stop());

describe('the events this service reads match what the producers publish', () => {
  test.each(pairs.map(([producer, reader]) => [producer.type, producer, reader] as const))(
    '%s: same topic, type and version as the producer',
    (_type, producer, reader) => {
      expect([reader.topic, reader.type, reader.version]).toEqual([
        producer.topic,
        producer.type,
        producer.version,
      ]);
    },
  );

  test("the envelopes the tests publish are valid by the producers' schemas, and the readers accept them", async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    await world.accept(vacancyId, estate.id, null, true);
    await world.deleted(vacancyId, estate.id);
    await world.publish(
      topics.auth,
      world.envelope('ProfileUpdated', workers[0].id, {
        userId: workers[0].id,
        role: 'Worker',
        fullName: 'Novo Ime',
        phone: '+381601234567',
        groupLeader: true,
        groupSize: 5,
      }),
    );
    const types = new Set(seen.map((e) => e.type));
    expect([...types].sort()).toEqual(pairs.map(([p]) => p.type).sort());
    for (const event of seen) {
      const [producer, reader] = pairs.find(([p]) => p.type === event.type)!;
      expect(() => producer.envelope.parse(event)).not.toThrow();
      expect(() => reader.data.parse(event.data)).not.toThrow();
    }
  });
});
