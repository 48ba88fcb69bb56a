import type { EventEnvelope } from '@moba/contracts';
import type { EventHandler } from './bus/event-bus';
import { DuplicateKeyError, type DocumentStore } from './store/document-store';
import { requestContext } from './log';

interface ProcessedEvent {
  _id: string;
  consumer: string;
  eventId: string;
  processedAt: string;
}

/**
 * Wraps a handler so a redelivered event is skipped. The id is recorded after the handler succeeds:
 * a crash in between runs the handler again, so handlers that count must also be safe to repeat
 * (guard counters with the event id in the same document, as the services do).
 */
export async function idempotentHandler(
  store: DocumentStore,
  consumer: string,
  handler: (event: EventEnvelope) => Promise<void>,
): Promise<EventHandler> {
  const processed = await store.collection<ProcessedEvent>('processed_events');
  return async (event) => {
    const _id = `${consumer}:${event.id}`;
    if (await processed.findOne({ _id })) return;
    await requestContext.run({ requestId: event.correlationId ?? event.id }, () => handler(event));
    try {
      await processed.insertOne({ _id, consumer, eventId: event.id, processedAt: new Date().toISOString() });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  };
}
