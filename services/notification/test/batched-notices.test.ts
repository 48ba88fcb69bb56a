import { randomUUID } from 'node:crypto';
import { notificationKeys, topics, type EventEnvelope, type Notification } from '@moba/contracts';
import { createNedbStore, type DocumentStore, type NewDocuments } from '@moba/platform';
import { testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import {
  applicationAccepted,
  createMemoryFanoutHub,
  startNotification,
  type StartedNotification,
} from './helpers';

/** The memory store, keeping each insertNew it is asked for. */
function recordingStore() {
  const inner = createNedbStore();
  const writes: NewDocuments[][] = [];
  const store: DocumentStore = {
    collection: (name, options) => inner.collection(name, options),
    insertNew: (batch) => {
      writes.push(batch);
      return inner.insertNew(batch);
    },
    close: () => inner.close(),
  };
  return { store, writes };
}

let svc: StartedNotification;
let writes: NewDocuments[][];
const pushed: { userId: string; key: string }[] = [];
beforeAll(async () => {
  const hub = createMemoryFanoutHub();
  const listener = hub.instance();
  listener.onMessage((userId, message) => {
    const m = message as { t: string; notification?: Notification };
    if (m.t === 'notification') pushed.push({ userId, key: m.notification!.content.key });
  });
  const recording = recordingStore();
  writes = recording.writes;
  svc = await startNotification({ deps: { store: recording.store }, fanout: hub.instance() });
});
afterAll(() => svc.stop());

const listOf = async (userId: string): Promise<Notification[]> => {
  const { auth } = await testToken('Worker', { id: userId });
  return (await svc.client.get('/notifications/all', auth)).body;
};
const rejected = (workerId: string, vacancyId = randomUUID(), vacancyTitle?: string) =>
  events.ApplicationRejected.create(randomUUID(), {
    applicationId: randomUUID(),
    vacancyId,
    workerId,
    ...(vacancyTitle ? { vacancyTitle } : {}),
  });
const publishTogether = (list: EventEnvelope[]) =>
  Promise.all(list.map((event) => svc.publish(topics.application, event)));

describe('rejections handled in batches', () => {
  test('events published together are stored in one write with their processed ids, each once, each pushed once', async () => {
    const workers = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const batch = workers.map((workerId) => rejected(workerId));
    const before = writes.length;
    await publishTogether([...batch, batch[0]]);
    const mine = writes.slice(before);
    expect(mine).toHaveLength(1);
    expect(mine[0].map((w) => [w.collection, w.docs.length])).toEqual([
      ['notifications', 4],
      ['processed_events', 4],
    ]);
    for (const workerId of workers) {
      expect((await listOf(workerId)).map((n) => n.content.key)).toEqual([
        notificationKeys.applicationRejected,
      ]);
      expect(pushed.filter((p) => p.userId === workerId)).toHaveLength(1);
    }

    // Redelivered (the same batch again, as after a crash before acknowledging): nothing new.
    await publishTogether(batch);
    for (const workerId of workers) {
      expect(await listOf(workerId)).toHaveLength(1);
      expect(pushed.filter((p) => p.userId === workerId)).toHaveLength(1);
    }
  });

  test('the title comes with the event; an older event without it gets the replica title', async () => {
    const [vacancyId, estateId, fresh, older] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await svc.publish(
      topics.vacancy,
      events.VacancyCreated.create(vacancyId, { vacancyId, estateId, title: 'Berba višanja' }),
    );
    const titled = rejected(fresh, randomUUID(), 'Berba kajsija');
    const untitled = rejected(older, vacancyId);
    await publishTogether([titled, untitled]);
    expect((await listOf(fresh))[0].content.params).toMatchObject({ vacancyTitle: 'Berba kajsija' });
    expect((await listOf(older))[0].content.params).toEqual({
      vacancyId,
      vacancyTitle: 'Berba višanja',
      applicationId: untitled.data.applicationId,
    });
  });

  test('a batch that mixes rejections with events handled alone handles both', async () => {
    const [vacancyId, estateId, accepted, refused] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await publishTogether([
      applicationAccepted({ vacancyId, estateId }, accepted),
      rejected(refused, vacancyId),
    ]);
    expect((await listOf(accepted)).map((n) => n.content.key)).toEqual([
      notificationKeys.applicationAccepted,
    ]);
    expect((await listOf(refused)).map((n) => n.content.key)).toEqual([notificationKeys.applicationRejected]);
    expect((await listOf(estateId)).map((n) => n.content.key)).toEqual([notificationKeys.workerAccepted]);
  });
});
