import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS } from '../redis-limits';
import type { Fanout } from './fanout';

/**
 * Fanout on Redis pub/sub: every notification instance subscribes to one channel and hears every
 * message. The publishing instance hands its own handlers the messages at once, before the PUBLISH
 * (its sockets get them without a round trip to Redis), and skips them when they come back marked
 * with its id. Resolves once the subscription is active, so nothing published after creation is
 * missed. A payload is one `{userId, message, from}` or, from publishMany, an array of them (one
 * PUBLISH, one decode in each instance); one without `from` (an older instance's) is heard by all.
 * URL: `redis://host:port[/db]?channel=moba:fanout`.
 */
type Addressed = { userId: string; message: unknown; from?: string };

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
  const self = randomUUID();
  // A payload comes whole from one instance; a string key's quotes are never escaped, user text's are.
  const ownMark = `"from":"${self}"`;
  const handlers: ((userId: string, message: unknown) => void)[] = [];
  const hear = (list: Addressed[]) => {
    for (const { userId, message } of list) for (const handler of handlers) handler(userId, message);
  };
  subscriber.on('message', (heardOn: string, payload: string) => {
    if (heardOn !== channel || payload.includes(ownMark)) return; // heard already, when published
    let parsedPayload: Addressed | Addressed[];
    try {
      parsedPayload = JSON.parse(payload) as Addressed | Addressed[];
    } catch {
      return;
    }
    hear(Array.isArray(parsedPayload) ? parsedPayload : [parsedPayload]);
  });
  await subscriber.subscribe(channel);
  let closed = false;
  return {
    async publish(userId, message) {
      if (closed) throw new Error('fanout closed');
      hear([{ userId, message }]);
      await publisher.publish(channel, JSON.stringify({ userId, message, from: self }));
    },
    async publishMany(messages) {
      if (closed) throw new Error('fanout closed');
      if (!messages.length) return;
      hear(messages);
      await publisher.publish(
        channel,
        JSON.stringify(messages.map(({ userId, message }) => ({ userId, message, from: self }))),
      );
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
