import type { EventEnvelope } from '@moba/contracts';
import { isMalformedEvent, isTransientFailure } from './failure';

export type EventHandler = (event: EventEnvelope) => Promise<void>;
/** Takes several events of one topic at once, in the order the group got them (see subscribeBatch). */
export type BatchHandler = (events: EventEnvelope[]) => Promise<void>;

export interface SubscribeOptions {
  /** Attempts before a poison event (one that fails for reasons other than an outage) is dead-lettered. */
  maxAttempts?: number;
  /** First retry delay; doubles on each attempt. */
  backoffMs?: number;
  /** Longest wait between two attempts of a transient failure, which is retried without end. */
  maxTransientBackoffMs?: number;
  /**
   * The group belongs to this process alone (an instance's in-memory read model, built from its
   * source at start and then kept by events): it hears only events published after it subscribed,
   * and the broker forgets it when the bus closes, so replaced instances leave no groups behind.
   */
  transient?: boolean;
  /** subscribeBatch: the most events handed to the handler at once (default DEFAULT_BATCH_SIZE). */
  batchSize?: number;
}

/**
 * The dead letters of a topic: events a group could not handle (poison), and entries no one could
 * read. An operator redrives them once the cause is fixed (`npm run redrive -- <topic>`).
 */
export interface DeadLetters {
  /** Entries in `<topic>.dead-letter` not yet redriven. */
  count(topic: string): Promise<number>;
  /**
   * Publishes every readable dead-lettered event of topic on topic again (every group hears it; the
   * idempotent consumers skip what they already handled) and removes it from the dead letters.
   * Unreadable entries are kept (Kafka: logged and passed, it cannot delete).
   */
  redrive(topic: string): Promise<{ redriven: number; kept: number }>;
}

/**
 * Topics carry versioned envelopes keyed by aggregate id (per-key order). Consumer groups get each
 * event at least once. A transient failure is retried without end (the partition or consumer waits,
 * keeping its membership); a poison event goes to `<topic>.dead-letter` after a few attempts, and so
 * does an entry that is not a valid envelope.
 */
export interface EventBus {
  publish(topic: string, event: EventEnvelope): Promise<void>;
  subscribe(topic: string, group: string, handler: EventHandler, options?: SubscribeOptions): Promise<void>;
  /**
   * subscribe for a consumer that does its work for many events at once (one read, one write): the
   * handler gets the events the adapter has at hand (one stream read, one fetched batch, what was
   * published while the previous batch ran), at most `batchSize`, in order, and succeeds or fails as
   * a whole. Delivery stays at least once: a batch that fails is handled again; one that keeps
   * failing for reasons other than an outage is split, each event handled alone, so a poison event
   * is dead-lettered by itself.
   */
  subscribeBatch(
    topic: string,
    group: string,
    handler: BatchHandler,
    options?: SubscribeOptions,
  ): Promise<void>;
  readonly deadLetters: DeadLetters;
  close(): Promise<void>;
}

export const deadLetterTopic = (topic: string) => `${topic}.dead-letter`;
export const isDeadLetterTopic = (topic: string) => topic.endsWith('.dead-letter');
export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 50;
export const DEFAULT_MAX_TRANSIENT_BACKOFF_MS = 5_000;
export const DEFAULT_BATCH_SIZE = 100;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** handled; poison (every attempt failed for a non-transient reason); stopped (the consumer is closing). */
export type HandlingOutcome = 'handled' | 'poison' | 'stopped';

export interface RetryControls {
  /** True once the consumer stops: a transient retry then gives up and leaves the event unacknowledged. */
  stopping: () => boolean;
  /**
   * Called every `keepAliveEveryMs` (1 s unless set) while a handler runs and while waiting to retry:
   * keeps the membership alive (heartbeat, claim), so a long handler (a burst of job alerts) is not
   * taken for a dead one and handled a second time by another member meanwhile.
   */
  keepAlive?: () => Promise<void>;
  keepAliveEveryMs?: number;
  onError: (error: unknown, attempt: number, transient: boolean) => void;
}

/**
 * Runs a handler until it succeeds. Transient failures (store or broker unreachable, timeouts) are
 * retried without end with backoff capped at maxTransientBackoffMs; other failures maxAttempts times,
 * and an event the handler's schema refuses (isMalformedEvent) only once.
 */
export async function handleWithRetry(
  handler: EventHandler,
  event: EventEnvelope,
  {
    maxAttempts = DEFAULT_MAX_ATTEMPTS,
    backoffMs = DEFAULT_BACKOFF_MS,
    maxTransientBackoffMs = DEFAULT_MAX_TRANSIENT_BACKOFF_MS,
  }: SubscribeOptions,
  controls: RetryControls,
): Promise<HandlingOutcome> {
  const { stopping, onError } = controls;
  let poisonAttempts = 0;
  for (let attempt = 1; ; attempt++) {
    if (stopping()) return 'stopped';
    try {
      await keptAlive(() => handler(event), controls);
      return 'handled';
    } catch (error) {
      const transient = isTransientFailure(error);
      if (!transient) poisonAttempts++;
      onError(error, attempt, transient);
      if (!transient && (poisonAttempts >= maxAttempts || isMalformedEvent(error))) return 'poison';
      const delay = transient
        ? Math.min(maxTransientBackoffMs, backoffMs * 2 ** Math.min(attempt - 1, 20))
        : backoffMs * 2 ** (poisonAttempts - 1);
      await waitKeepingAlive(delay, controls);
    }
  }
}

/**
 * Runs a batch handler on the events together until it succeeds, a transient failure without end (as
 * handleWithRetry). A batch that fails otherwise is handled event by event with handleWithRetry, so
 * the others pass and a poison event alone is dead-lettered. Resolves each event's outcome.
 */
export async function handleBatchWithRetry(
  handler: BatchHandler,
  events: EventEnvelope[],
  options: SubscribeOptions,
  controls: RetryControls,
): Promise<HandlingOutcome[]> {
  const alone = (event: EventEnvelope) => handleWithRetry((one) => handler([one]), event, options, controls);
  if (events.length === 1) return [await alone(events[0])];
  const { backoffMs = DEFAULT_BACKOFF_MS, maxTransientBackoffMs = DEFAULT_MAX_TRANSIENT_BACKOFF_MS } =
    options;
  for (let attempt = 1; ; attempt++) {
    if (controls.stopping()) return events.map(() => 'stopped');
    try {
      await keptAlive(() => handler(events), controls);
      return events.map(() => 'handled');
    } catch (error) {
      const transient = isTransientFailure(error);
      controls.onError(error, attempt, transient);
      if (!transient) break;
      const delay = Math.min(maxTransientBackoffMs, backoffMs * 2 ** Math.min(attempt - 1, 20));
      await waitKeepingAlive(delay, controls);
    }
  }
  const outcomes: HandlingOutcome[] = [];
  for (const event of events) outcomes.push(await alone(event));
  return outcomes;
}

/** Splits a list into runs of at most size items. */
export function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

const KEEP_ALIVE_EVERY_MS = 1_000;

async function keptAlive(run: () => Promise<void>, { keepAlive, keepAliveEveryMs }: RetryControls) {
  if (!keepAlive) return run();
  const timer = setInterval(
    () => void keepAlive().catch(() => undefined),
    keepAliveEveryMs ?? KEEP_ALIVE_EVERY_MS,
  );
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
}

async function waitKeepingAlive(ms: number, { stopping, keepAlive, keepAliveEveryMs }: RetryControls) {
  const until = Date.now() + ms;
  while (!stopping()) {
    const left = until - Date.now();
    if (left <= 0) return;
    await sleep(Math.min(left, keepAliveEveryMs ?? KEEP_ALIVE_EVERY_MS));
    if (keepAlive && Date.now() < until) await keepAlive().catch(() => undefined);
  }
}

/** Log fields for a failed attempt: transient ones are logged at the first attempt and then sparsely. */
export function shouldLogAttempt(attempt: number, transient: boolean) {
  return !transient || attempt === 1 || attempt % 10 === 0;
}
