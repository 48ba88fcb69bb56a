import client from 'prom-client';

/**
 * The process's own metrics, beside each app's HTTP counters: what an operator watches during the
 * peak (infra/monitoring). Every /metrics of the process answers them (createHttpApp merges them in).
 */
export const processMetrics = new client.Registry();

// CPU, memory, heap, GC and event-loop delay (nodejs_eventloop_lag_p99_seconds): a saturated event
// loop is the first thing a slow route at the peak comes from.
client.collectDefaultMetrics({ register: processMetrics });

type Combine = (a: number, b: number) => number;
const sum: Combine = (a, b) => a + b;

/**
 * A gauge read from sources when scraped, combined per label (summed by default); each part of the
 * process adds its own source and removes it when it stops.
 */
function gaugeOfSources(name: string, help: string, labelNames: string[] = [], combine: Combine = sum) {
  const sources = new Set<() => Promise<Record<string, number>> | Record<string, number>>();
  new client.Gauge({
    name,
    help,
    labelNames,
    registers: [processMetrics],
    async collect() {
      this.reset();
      const totals = new Map<string, number>();
      for (const source of sources) {
        try {
          for (const [label, value] of Object.entries(await source()))
            totals.set(label, totals.has(label) ? combine(totals.get(label)!, value) : value);
        } catch {
          /* a source that cannot answer now is left out of this scrape */
        }
      }
      for (const [label, value] of totals)
        if (labelNames.length) this.set({ [labelNames[0]]: label }, value);
        else this.set(value);
    },
  });
  return (source: () => Promise<Record<string, number>> | Record<string, number>) => {
    sources.add(source);
    return () => void sources.delete(source);
  };
}

/** Events written with a change and not yet published, per collection (counted when scraped). */
export const observeOutboxBacklog = gaugeOfSources(
  'moba_outbox_backlog',
  'Events waiting in the outbox of a collection',
  ['collection'],
);

/**
 * Age of the oldest event still unsent, per collection (0 when none waits): a backlog that does not
 * drain (the bus is down, a relay is stuck) shows here even while the count stays small.
 */
export const observeOutboxAge = gaugeOfSources(
  'moba_outbox_oldest_age_seconds',
  'Age of the oldest event waiting in the outbox of a collection',
  ['collection'],
  Math.max,
);

/** Open WebSockets of this notification instance (the notification HPA scales on it). */
export const observeOpenSockets = gaugeOfSources(
  'moba_notification_open_sockets',
  'Greeted WebSockets open on this notification instance',
);

export const deadLetters = new client.Counter({
  name: 'moba_dead_letters_total',
  help: 'Events a consumer group gave up on and sent to the dead-letter topic',
  labelNames: ['topic', 'group'],
  registers: [processMetrics],
});

/** Per consumer group of a topic: when its last event happened, and the events it is handling now. */
const consumers = new Map<
  string,
  { topic: string; group: string; lastLag: number; inFlight: Map<string, number> }
>();

/**
 * How late a consumer group is, in seconds from an event's occurredAt: while it handles events, the
 * age of the oldest of them (so a handler that hangs shows a lag that grows), else the age the last
 * one had when its handling began.
 */
new client.Gauge({
  name: 'moba_consumer_lag_seconds',
  help: 'How late a consumer group handles events: age of the oldest event in hand, else of the last one begun',
  labelNames: ['topic', 'group'],
  registers: [processMetrics],
  collect() {
    this.reset();
    const now = Date.now();
    for (const { topic, group, lastLag, inFlight } of consumers.values()) {
      const oldest = Math.min(...inFlight.values());
      this.set({ topic, group }, inFlight.size ? Math.max(lastLag, (now - oldest) / 1000) : lastLag);
    }
  },
});

/** Marks an event a consumer group begins handling; call the returned function when it is done. */
export function consumerBegins(
  topic: string,
  group: string,
  eventId: string,
  occurredAtMs: number,
): () => void {
  const key = `${topic}\u0000${group}`;
  const consumer = consumers.get(key) ?? { topic, group, lastLag: 0, inFlight: new Map<string, number>() };
  consumers.set(key, consumer);
  consumer.lastLag = Math.max(0, (Date.now() - occurredAtMs) / 1000);
  consumer.inFlight.set(eventId, occurredAtMs);
  return () => void consumer.inFlight.delete(eventId);
}

export const paymentOutcomes = new client.Counter({
  name: 'moba_payment_outcomes_total',
  help: 'Payments that reached an outcome, by purpose and outcome',
  labelNames: ['purpose', 'outcome'],
  registers: [processMetrics],
});

/** SMS the notification service did not send because a daily cap was full (budget: all, a prefix, phone). */
export const smsRefusals = new client.Counter({
  name: 'moba_sms_refused_total',
  help: 'SMS refused because a daily cap was reached, by budget (all, +381, other, phone)',
  labelNames: ['budget'],
  registers: [processMetrics],
});

/** Daily SMS budgets that filled up: each increase is an alert (someone may be pumping SMS). */
export const smsBudgetsReached = new client.Counter({
  name: 'moba_sms_budget_reached_total',
  help: 'Daily SMS budgets reached, by budget (all, +381, other, phone)',
  labelNames: ['budget'],
  registers: [processMetrics],
});

/** Each attempt to hand an SMS to the provider: sent, retrying (a failure tried again later) or failed (given up). */
export const smsSendAttempts = new client.Counter({
  name: 'moba_sms_send_attempts_total',
  help: 'Attempts to hand an SMS to the provider, by outcome (sent, retrying, failed)',
  labelNames: ['outcome'],
  registers: [processMetrics],
});

/** Each mail handed to the mail server (or the dev mailbox), by outcome (sent, failed). */
export const mailSends = new client.Counter({
  name: 'moba_mail_sends_total',
  help: 'Mails handed to the mail server, by outcome (sent, failed)',
  labelNames: ['outcome'],
  registers: [processMetrics],
});

/** The exposition of an app's registry together with the process's metrics. */
export async function metricsText(appRegistry: client.Registry): Promise<string> {
  return (await appRegistry.metrics()) + (await processMetrics.metrics());
}
export const METRICS_CONTENT_TYPE = processMetrics.contentType;
