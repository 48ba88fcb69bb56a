/**
 * Sliding-window hit counters shared by every gateway instance (rate limits must not multiply with
 * the number of gateways). A hit is taken only while fewer than `limit` hits lie in the last
 * `windowMs`, so no client gets more than the limit in any window (a fixed window lets twice the limit
 * through across its boundary). `memory://` keeps none (each gateway counts on its own, with the same
 * rule: createSlidingLog); `redis://` counts in Redis, one script call per hit. The Redis client is
 * loaded only when a redis:// URL is given.
 */
import type { WindowCounter, WindowHit } from './window-hit';

export type { WindowCounter, WindowHit };

/** The same sliding log in one process (the memory:// fallback and a failed shared counter's stand-in). */
export function createSlidingLog() {
  const logs = new Map<string, number[]>();
  return {
    hit(key: string, windowMs: number, limit: number, now = Date.now()): WindowHit {
      const log = (logs.get(key) ?? []).filter((at) => at > now - windowMs);
      const allowed = log.length < limit;
      if (allowed) log.push(now);
      if (log.length) logs.set(key, log);
      else logs.delete(key);
      return { allowed, count: log.length, resetInMs: log.length ? log[0] + windowMs - now : windowMs };
    },
    /** Forgets the logs whose hits all left their window. */
    sweep(windowMs: number, now = Date.now()) {
      for (const [key, log] of logs)
        if (!log.length || log[log.length - 1] <= now - windowMs) logs.delete(key);
    },
  };
}

export async function createWindowCounter(url: string): Promise<WindowCounter | null> {
  if (url.startsWith('memory://')) return null;
  if (url.startsWith('redis://') || url.startsWith('rediss://'))
    return (await import('./redis-window-counter')).createRedisWindowCounter(url);
  throw new Error(`no rate-limit counter for ${url} (known: memory://, redis://)`);
}
