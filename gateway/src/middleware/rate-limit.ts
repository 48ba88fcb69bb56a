import { createSlidingLog, type Logger, type WindowCounter } from '@moba/platform';
import type { RouteSpec } from '../route-table';

/** Requests per window per client for each named limiter (scaled by RATE_LIMIT_SCALE). */
export const RATE_LIMITS: Record<NonNullable<RouteSpec['rateLimit']>, number> = {
  login: 20,
  signup: 10,
  reset: 10,
  guest: 10,
  contact: 5,
  payment: 30,
  crew: 20,
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
 * Sliding-window limits per limiter and client: no client gets more than the limit in any window.
 * With a shared counter (Redis) every gateway instance counts into the same log; if it fails, this
 * instance counts on its own for a few seconds rather than refuse or hold requests.
 */
export function createRateLimiter(
  windowMs: number,
  scale = 1,
  shared: WindowCounter | null = null,
  logger?: Logger,
) {
  const local = createSlidingLog();
  let sharedDownUntil = 0;
  const sweep = setInterval(() => local.sweep(windowMs), windowMs);
  sweep.unref();

  async function count(key: string, limit: number, now: number) {
    if (shared && now >= sharedDownUntil) {
      try {
        return await shared.hit(key, windowMs, limit);
      } catch (error) {
        sharedDownUntil = now + SHARED_RETRY_MS;
        logger?.warn({ err: error }, 'shared rate-limit counter failed; counting on this instance');
      }
    }
    return local.hit(key, windowMs, limit, now);
  }

  return {
    async check(limiter: NonNullable<RouteSpec['rateLimit']>, client: string): Promise<RateDecision> {
      const limit = Math.max(1, Math.round(RATE_LIMITS[limiter] * scale));
      const { allowed, count: hits, resetInMs } = await count(`${limiter}:${client}`, limit, Date.now());
      return {
        allowed,
        limit,
        remaining: Math.max(0, limit - hits),
        resetSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
      };
    },
    stop: () => clearInterval(sweep),
  };
}
