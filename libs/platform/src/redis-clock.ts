import Redis from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis-limits';
import type { SharedClock } from './clock';

/**
 * A SharedClock kept in Redis: one hash holds the offset from system time and a change counter;
 * a move adds to the offset, counts the change and announces both on a pub/sub channel in one
 * script, so every process hears the moves in the order they happened. Each process keeps the
 * offset in memory (now() never waits on Redis) and applies a change only if its count is higher
 * than the one it has, so a repeated or late announcement changes nothing.
 *
 * URL: `redis://host:port[/db]?key=moba:clock` (the channel is `<key>:moved`).
 */
const MOVE = `
local offset = redis.call('HINCRBY', KEYS[1], 'offset', ARGV[1])
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
redis.call('PUBLISH', ARGV[2], seq .. ':' .. offset)
return {seq, offset}`;

export async function createRedisClock(url: string): Promise<SharedClock> {
  const parsed = new URL(url);
  const key = parsed.searchParams.get('key') || 'moba:clock';
  parsed.searchParams.delete('key');
  const channel = `${key}:moved`;
  const connect = (commandTimeout?: number) => {
    const client = new Redis(parsed.toString(), {
      lazyConnect: true,
      maxRetriesPerRequest: 3,
      commandTimeout,
    });
    client.on('error', () => undefined); // reconnects by itself; the offset in memory keeps serving now()
    return client;
  };
  const commands = connect(REDIS_COMMAND_TIMEOUT_MS);
  const subscriber = connect();
  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
  } catch (error) {
    commands.disconnect();
    subscriber.disconnect();
    throw new Error(`CLOCK_URL: no Redis answers at ${parsed.host} (${(error as Error).message})`);
  }

  let offset = 0;
  let seq = 0;
  const learn = (nextSeq: number, nextOffset: number) => {
    if (Number.isFinite(nextSeq) && Number.isFinite(nextOffset) && nextSeq > seq) {
      seq = nextSeq;
      offset = nextOffset;
    }
  };
  const readStored = async () => {
    const [storedOffset, storedSeq] = await commands.hmget(key, 'offset', 'seq');
    learn(Number(storedSeq ?? 0), Number(storedOffset ?? 0));
  };

  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const [nextSeq, nextOffset] = message.split(':').map(Number);
    learn(nextSeq, nextOffset);
  });
  // Listen first, then read: a move in between is in the read or in a message (or both).
  await subscriber.subscribe(channel);
  await readStored();
  // After a lost connection the messages meanwhile are gone: read the stored state again.
  subscriber.on('ready', () => void readStored().catch(() => undefined));

  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    async advance(ms) {
      const [nextSeq, nextOffset] = (await commands.eval(MOVE, 1, key, Math.round(ms), channel)) as [
        number,
        number,
      ];
      learn(Number(nextSeq), Number(nextOffset));
    },
    async close() {
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        commands.quit().catch(() => commands.disconnect()),
      ]);
    },
  };
}
