import Redis from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS } from '../redis-limits';
import type { Fanout } from './fanout';

/**
 * Fanout on Redis pub/sub: every notification instance subscribes to one channel and hears every
 * message, its own included. Resolves once the subscription is active, so nothing published after
 * creation is missed. A payload is one `{userId, message}` or, from publishMany, an array of them
 * (one PUBLISH, one decode in each instance). URL: `redis://host:port[/db]?channel=moba:fanout`.
 */
type Addressed = { userId: string; message: unknown };

export async function createRedisFanout(url: string): Promise<Fanout> {
  const parsed = new URL(url);
  const channel = parsed.searchParams.get('channel') ?? 'moba:fanout';
  parsed.searchParams.delete('channel');
  const publisher = new Redis(parsed.toString(), {
    lazyConnect: true,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  const subscriber = new Redis(parsed.toString(), { lazyConnect: true });
  // ioredis reconnects by itself while Redis is away; a failed publish surfaces to its caller.
  for (const client of [publisher, subscriber]) client.on('error', () => undefined);
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`FANOUT_URL: no Redis answers at ${parsed.host} (${(error as Error).message})`);
  }
  const handlers: ((userId: string, message: unknown) => void)[] = [];
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    let parsedPayload: Addressed | Addressed[];
    try {
      parsedPayload = JSON.parse(payload) as Addressed | Addressed[];
    } catch {
      return;
    }
    for (const { userId, message } of Array.isArray(parsedPayload) ? parsedPayload : [parsedPayload])
      for (const handler of handlers) handler(userId, message);
  });
  await subscriber.subscribe(channel);
  let closed = false;
  return {
    async publish(userId, message) {
      if (closed) throw new Error('fanout closed');
      await publisher.publish(channel, JSON.stringify({ userId, message }));
    },
    async publishMany(messages) {
      if (closed) throw new Error('fanout closed');
      if (messages.length) await publisher.publish(channel, JSON.stringify(messages));
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.length = 0;
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
    },
  };
}
