import { randomUUID } from 'node:crypto';
import { topics } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { startApplication } from './helpers';

describe("the service's outbox relay", () => {
  it("takes over a dead relay's lease once the service clock passes it", async () => {
    const app = await startApplication();
    try {
      const event = {
        id: randomUUID(),
        type: 'ProbeRecorded',
        version: 1,
        occurredAt: app.deps.clock.now().toISOString(),
        key: 'probe',
        data: {},
      };
      const until = new Date(app.deps.clock.now().getTime() + 60_000).toISOString();
      await app.store.closures.insertOne({
        _id: randomUUID(),
        _outbox: [{ topic: topics.application, event }],
        _outboxLease: { owner: 'a-relay-that-died', until },
      } as never);

      // Real time stays within the lease; only the service's clock passes it.
      app.deps.clock.advance(60_001);

      await eventually(
        async () => app.published.some((e) => e.id === event.id),
        'the entry published by the running relay',
        15_000,
      );
    } finally {
      await app.stop();
    }
  });
});
