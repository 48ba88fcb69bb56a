import type { Logger, WindowCounter } from '@moba/platform';
import type { RouteSpec } from '../route-table';

/** Requests per window per client for each named limiter (scaled by RATE_LIMIT_SCALE). */
export const RATE_LIMITS: Record<NonNullable<RouteSpec['rateLimit']>, number> = {
  login: 20,
  signup: 10,
  reset: 10,
  guest: 10,
  contact: 5,
  payment: 30,
};

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** How long the limiter counts locally after the shared counter failed, before trying it again. */
const SHARED_RETRY_MS = 5_000;

/**
 * Fixed-window counters per limiter and client. With a shared counter (Redis) every gateway instance
 * counts into the same windows; if it fails, this instance counts on its own for a few seconds rather
 * than refuse or hold requests.
 */
export function createRateLimiter(
  windowMs: number,
  scale = 1,
  shared: WindowCounter | null = null,
  logger?: Logger,
) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sharedDownUntil = 0;
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, windowMs);
  sweep.unref();

  function countLocally(key: string, now: number) {
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async function count(key: string, now: number) {
    if (shared && now >= sharedDownUntil) {
      try {
        return await shared.hit(key, windowMs);
      } catch (error) {
        sharedDownUntil = now + SHARED_RETRY_MS;
        logger?.warn({ err: error }, 'shared rate-limit counter failed; counting on this instance');
      }
    }
    return countLocally(key, now);
  }

  return {
    async check(limiter: NonNullable<RouteSpec['rateLimit']>, client: string): Promise<RateDecision> {
      const limit = Math.max(1, Math.round(RATE_LIMITS[limiter] * scale));
      const { count: hits, resetInMs } = await count(`${limiter}:${client}`, Date.now());
      return {
        allowed: hits <= limit,
        limit,
        remaining: Math.max(0, limit - hits),
        resetSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
      };
    },
    stop: () => clearInterval(sweep),
  };
}
