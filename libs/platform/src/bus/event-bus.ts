import type { EventEnvelope } from '@moba/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Attempts before the event goes to the dead-letter topic. */
  maxAttempts?: number;
  /** First retry delay; doubles on each attempt. */
  backoffMs?: number;
  /**
   * The group belongs to this process alone (an instance's in-memory read model, built from its
   * source at start and then kept by events): it hears only events published after it subscribed,
   * and the broker forgets it when the bus closes, so replaced instances leave no groups behind.
   */
  transient?: boolean;
}

/**
 * Topics carry versioned envelopes keyed by aggregate id (per-key order). Consumer groups get
 * each event at least once; a handler that keeps failing sends it to `<topic>.dead-letter`.
 */
export interface EventBus {
  publish(topic: string, event: EventEnvelope): Promise<void>;
  subscribe(topic: string, group: string, handler: EventHandler, options?: SubscribeOptions): Promise<void>;
  close(): Promise<void>;
}

export const deadLetterTopic = (topic: string) => `${topic}.dead-letter`;
export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 50;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a handler with retry and exponential backoff; false when every attempt failed. */
export async function handleWithRetry(
  handler: EventHandler,
  event: EventEnvelope,
  { maxAttempts = DEFAULT_MAX_ATTEMPTS, backoffMs = DEFAULT_BACKOFF_MS }: SubscribeOptions,
  onError: (error: unknown, attempt: number) => void,
): Promise<boolean> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    try {
      await handler(event);
      return true;
    } catch (error) {
      onError(error, attempt);
      if (attempt < maxAttempts) await sleep(backoffMs * 2 ** (attempt - 1));
    }
  }
  return false;
}
