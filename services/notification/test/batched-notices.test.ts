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

/** The memory store, keeping each insertNew it is asked for; `nextWrite` may hold or fail the next one. */
function recordingStore() {
  const inner = createNedbStore();
  const writes: NewDocuments[][] = [];
  const control: { nextWrite?: () => Promise<void> } = {};
  const store: DocumentStore = {
    collection: (name, options) => inner.collection(name, options),
    insertNew: async (batch) => {
      const before = control.nextWrite;
      control.nextWrite = undefined;
      await before?.();
      writes.push(batch);
      return inner.insertNew(batch);
    },
    findAcross: (reads) => inner.findAcross(reads),
    close: () => inner.close(),
  };
  return { store, writes, control };
}

let svc: StartedNotification;
let writes: NewDocuments[][];
let control: ReturnType<typeof recordingStore>['control'];
const pushed: { userId: string; key: string; id: string }[] = [];
const pushListeners = new Set<() => void>();
/** Resolves once a notification was pushed to the user. */
const pushedTo = (userId: string) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (!pushed.some((p) => p.userId === userId)) return;
      pushListeners.delete(check);
      resolve();
    };
    pushListeners.add(check);
    check();
  });
beforeAll(async () => {
  const hub = createMemoryFanoutHub();
  const listener = hub.instance();
  listener.onMessage((userId, message) => {
    const m = message as { t: string; notification?: Notification };
    if (m.t !== 'notification') return;
    pushed.push({ userId, key: m.notification!.content.key, id: m.notification!.id });
    for (const check of [...pushListeners]) check();
  });
  const recording = recordingStore();
  writes = recording.writes;
  control = recording.control;
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

  test('a rejection is pushed while it is being stored, not after the write', async () => {
    const workerId = randomUUID();
    let release = () => {};
    control.nextWrite = () => new Promise<void>((resolve) => (release = resolve));
    const handled = svc.publish(topics.application, rejected(workerId));
    await pushedTo(workerId);
    expect(await listOf(workerId)).toEqual([]); // the write is still held
    release();
    await handled;
    const stored = await listOf(workerId);
    expect(stored.map((n) => n.id)).toEqual(pushed.filter((p) => p.userId === workerId).map((p) => p.id));
  });

  test('a write that fails is retried: the push comes again with the same id, the notification is stored once', async () => {
    const workerId = randomUUID();
    control.nextWrite = async () => {
      throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    };
    await svc.publish(topics.application, rejected(workerId));
    const pushes = pushed.filter((p) => p.userId === workerId);
    expect(pushes).toHaveLength(2);
    expect(new Set(pushes.map((p) => p.id)).size).toBe(1);
    expect((await listOf(workerId)).map((n) => n.id)).toEqual([pushes[0].id]);
  });
});
