import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { WindowCounter } from './window-hit';

// A sliding log in a sorted set (score: the hit's time in Redis's own clock, so gateways with skewed
// clocks agree): drop what left the window, take the hit only below the limit, keep the key as long
// as its newest hit. One script, so concurrent hits from every gateway are counted exactly.
const HIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  count = count + 1
  allowed = 1
end
if count > 0 then redis.call('PEXPIRE', KEYS[1], window) end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local reset = window
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {allowed, count, reset}`;

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
    async hit(key, windowMs, limit) {
      const [allowed, count, resetInMs] = (await redis.eval(
        HIT,
        1,
        prefix + key,
        String(windowMs),
        String(limit),
        randomUUID(),
      )) as [number, number, number];
      return { allowed: allowed === 1, count, resetInMs };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
