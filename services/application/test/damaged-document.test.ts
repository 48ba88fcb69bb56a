import { topics } from '@moba/contracts';
import {
  createNedbStore,
  DEFAULT_MAX_ATTEMPTS,
  isMalformedEvent,
  MalformedDocumentError,
} from '@moba/platform';
import { countingStore } from '@moba/platform/testing';
import { openApplicationStore } from '../src/store';
import { UserRegistered } from '../src/messaging/foreign-events';
import { startApplication } from './helpers';

describe('a damaged stored document', () => {
  it('fails the read as a store error, not as a malformed event that would dead-letter the event at once', async () => {
    const raw = createNedbStore();
    const damaged = { _id: 'w1', fullName: 42, phone: '+381641234567' };
    await (await raw.collection<{ _id: string }>('workers')).insertOne(damaged);
    const store = await openApplicationStore(raw);

    const failure = await store.workers.findOne({ _id: 'w1' }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MalformedDocumentError);
    expect(isMalformedEvent(failure)).toBe(false);
  });

  it('met by an event handler, is retried like any failure before the event goes to the dead letters', async () => {
    const workerId = crypto.randomUUID();
    const counting = countingStore(createNedbStore(), 'workers');
    await (
      await counting.store.collection<{ _id: string }>('workers')
    ).insertOne({
      _id: workerId,
      fullName: 42,
      phone: '+381641234567',
    } as never);
    const app = await startApplication({ store: counting.store });
    try {
      // A second registration of a stored worker reads the replica to tell a redelivery from a new event.
      await app.publish(
        topics.auth,
        UserRegistered.create(workerId, {
          userId: workerId,
          role: 'Worker',
          fullName: 'Radnik Jedan',
          phone: '+381641234567',
          municipality: 'Subotica',
          groupLeader: false,
          groupSize: 0,
        }),
      );

      expect(counting.read.docs).toBe(DEFAULT_MAX_ATTEMPTS);
      expect(await app.deps.bus.deadLetters.count(topics.auth)).toBe(1);
    } finally {
      await app.stop();
    }
  });
});
