import client from 'prom-client';
import type { Logger } from '../log';
import type { EventBus } from './event-bus';

/** Entries waiting in each dead-letter topic, as last counted by this process (`/metrics`). */
const deadLetterGauge = new client.Gauge({
  name: 'moba_dead_letter_events',
  help: 'Events waiting in <topic>.dead-letter (redrive with npm run redrive)',
  labelNames: ['topic'],
  registers: [],
});

/** Adds the dead-letter gauge to a process's metrics registry. */
export function registerDeadLetterMetrics(registry: client.Registry) {
  if (!registry.getSingleMetric('moba_dead_letter_events')) registry.registerMetric(deadLetterGauge);
}

export interface DeadLetterWatch {
  /** Watches topic's dead letters from now on (the topics this process consumes). */
  watch(topic: string): void;
  /** Counts every watched topic once: logs an alert for each that grew. */
  check(): Promise<void>;
  stop(): void;
}

/**
 * Counts the dead letters of the watched topics every interval; a topic whose dead letters grew is
 * logged at error level with `alert: 'dead-letter-growth'` (what log-based alerting matches) and the
 * gauge `moba_dead_letter_events{topic}` follows the count.
 */
export function watchDeadLetters(
  bus: EventBus,
  logger: Logger,
  { intervalMs = 60_000 }: { intervalMs?: number } = {},
): DeadLetterWatch {
  const last = new Map<string, number | undefined>();
  const check = async () => {
    for (const topic of last.keys()) {
      try {
        const count = await bus.deadLetters.count(topic);
        deadLetterGauge.set({ topic }, count);
        const before = last.get(topic);
        if (count > (before ?? 0))
          logger.error(
            { alert: 'dead-letter-growth', topic, count, added: count - (before ?? 0) },
            `the dead letters of ${topic} grew to ${count}; fix the cause, then npm run redrive -- ${topic}`,
          );
        last.set(topic, count);
      } catch (error) {
        logger.warn({ err: error, topic }, 'could not count dead letters');
      }
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    watch(topic) {
      if (!last.has(topic)) last.set(topic, undefined);
    },
    check,
    stop: () => clearInterval(timer),
  };
}
