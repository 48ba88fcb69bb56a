import { randomUUID } from 'node:crypto';
import {
  createNedbStore,
  idempotentHandler,
  PROCESSED_EVENTS_TTL_DAYS,
  pruneProcessedEvents,
  type BaseDoc,
} from '../src';

const event = () => ({
  id: randomUUID(),
  type: 'OrderPlaced',
  version: 1,
  occurredAt: new Date().toISOString(),
  key: 'order-1',
  data: {},
});

describe('processed_events', () => {
  test('each entry has a Date to expire at, TTL days after it was processed', async () => {
    const store = createNedbStore();
    const handler = await idempotentHandler(store, 'billing', async () => undefined);
    const e = event();
    await handler(e);
    const processed = await store.collection<BaseDoc & { expiresAt: Date; processedAt: string }>(
      'processed_events',
    );
    const entry = await processed.findOne({ _id: `billing:${e.id}` });
    expect(entry?.expiresAt).toBeInstanceOf(Date);
    const days = (entry!.expiresAt.getTime() - Date.parse(entry!.processedAt)) / 86_400_000;
    expect(days).toBe(PROCESSED_EVENTS_TTL_DAYS);
  });

  test('pruning removes the entries older than the TTL and keeps the rest', async () => {
    const store = createNedbStore();
    const processed = await store.collection<BaseDoc & { processedAt: string }>('processed_events');
    const now = new Date('2026-11-24T08:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    await processed.insertOne({ _id: 'old', processedAt: daysAgo(PROCESSED_EVENTS_TTL_DAYS + 1) });
    await processed.insertOne({ _id: 'recent', processedAt: daysAgo(PROCESSED_EVENTS_TTL_DAYS - 1) });
    expect(await pruneProcessedEvents(processed as never, now)).toBe(1);
    expect((await processed.find({})).map((d) => d._id)).toEqual(['recent']);
  });
});
