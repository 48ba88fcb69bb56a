/**
 * Fixed-window hit counters shared by every gateway instance (rate limits must not multiply with the
 * number of gateways). `memory://` keeps none (each gateway counts on its own); `redis://` counts in
 * Redis. The Redis client is loaded only when a redis:// URL is given.
 */
export interface WindowCounter {
  /** Counts one hit on key in its current window; the window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
}

export async function createWindowCounter(url: string): Promise<WindowCounter | null> {
  if (url.startsWith('memory://')) return null;
  if (url.startsWith('redis://') || url.startsWith('rediss://'))
    return (await import('./redis-window-counter')).createRedisWindowCounter(url);
  throw new Error(`no rate-limit counter for ${url} (known: memory://, redis://)`);
}
