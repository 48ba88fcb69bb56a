import type { EventEnvelope } from '@moba/contracts';
import { consumerBegins, deadLetters } from '../metrics';
import { traceEventHandling } from '../tracing';
import {
  DEFAULT_MAX_ATTEMPTS,
  type BatchHandler,
  type EventBus,
  type EventHandler,
  type SubscribeOptions,
} from './event-bus';
import { isMalformedEvent, isTransientFailure } from './failure';

/**
 * Wraps any bus so every consumer is observed the same way, whatever the adapter: a span per event
 * handled (child of the span that wrote it), the consumer group's lag (age of the event it starts),
 * and a count of events it gives up on (the adapters dead-letter a poison event after maxAttempts
 * failed attempts, a malformed one at once, a transient failure never).
 */
export function observedBus(bus: EventBus, component: string): EventBus {
  return {
    deadLetters: bus.deadLetters,
    publish: (topic, event) => bus.publish(topic, event),
    subscribe: (topic, group, handler, options = {}) =>
      bus.subscribe(topic, group, observedHandler(component, topic, group, handler, options), options),
    subscribeBatch: (topic, group, handler, options = {}) =>
      bus.subscribeBatch(
        topic,
        group,
        observedBatchHandler(component, topic, group, handler, options),
        options,
      ),
    close: () => bus.close(),
  };
}

function observedHandler(
  component: string,
  topic: string,
  group: string,
  handler: EventHandler,
  options: SubscribeOptions,
): EventHandler {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const failures = new Map<string, number>();
  return async (event: EventEnvelope) => {
    const occurredAt = Date.parse(event.occurredAt);
    const done = Number.isFinite(occurredAt) ? consumerBegins(topic, group, event.id, occurredAt) : undefined;
    try {
      await traceEventHandling(component, topic, group, event, () => handler(event));
      failures.delete(event.id);
    } catch (error) {
      // The same rule as handleWithRetry: an outage is retried without end and never dead-lettered.
      if (isTransientFailure(error)) throw error;
      const failed = (failures.get(event.id) ?? 0) + 1;
      if (failed >= maxAttempts || isMalformedEvent(error)) {
        failures.delete(event.id);
        deadLetters.inc({ topic, group });
      } else failures.set(event.id, failed);
      throw error;
    } finally {
      done?.();
    }
  };
}

/**
 * A batch is one span (under the span that wrote its first event) and sets the lag from its oldest
 * event. The adapters hand a failed batch back one event at a time, and a single event is observed
 * as observedHandler does, so the dead-letter count stays per event.
 */
function observedBatchHandler(
  component: string,
  topic: string,
  group: string,
  handler: BatchHandler,
  options: SubscribeOptions,
): BatchHandler {
  const alone = observedHandler(component, topic, group, (event) => handler([event]), options);
  return async (events) => {
    if (events.length === 1) return alone(events[0]);
    const oldest = Math.min(...events.map((event) => Date.parse(event.occurredAt)));
    const done = Number.isFinite(oldest) ? consumerBegins(topic, group, events[0]!.id, oldest) : undefined;
    try {
      await traceEventHandling(component, topic, group, events[0]!, () => handler(events));
    } finally {
      done?.();
    }
  };
}
