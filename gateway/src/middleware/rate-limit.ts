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

/** Fixed-window counters in memory, per gateway instance. */
export function createRateLimiter(windowMs: number, scale = 1) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, windowMs);
  sweep.unref();

  return {
    check(limiter: NonNullable<RouteSpec['rateLimit']>, client: string): RateDecision {
      const limit = Math.max(1, Math.round(RATE_LIMITS[limiter] * scale));
      const key = `${limiter}:${client}`;
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return {
        allowed: window.count <= limit,
        limit,
        remaining: Math.max(0, limit - window.count),
        resetSeconds: Math.ceil((window.resetAt - now) / 1000),
      };
    },
    stop: () => clearInterval(sweep),
  };
}
