import Redis from 'ioredis';
import type { WindowCounter } from './window-counter';

// INCR and the window's expiry in one step; a key left without expiry (a lost PEXPIRE) gets one.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** URL: `redis://host:port[/db]?prefix=moba:rate:` (the prefix keeps the keys apart from others). */
export async function createRedisWindowCounter(url: string): Promise<WindowCounter> {
  const parsed = new URL(url);
  const prefix = parsed.searchParams.get('prefix') ?? 'moba:rate:';
  parsed.searchParams.delete('prefix');
  // No offline queue and one try: a limiter must answer fast or step aside, never hold a request.
  const redis = new Redis(parsed.toString(), {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`RATE_LIMIT_URL: no Redis answers at ${parsed.host} (${(error as Error).message})`);
  }
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
