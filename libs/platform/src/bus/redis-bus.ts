import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS } from '../redis-limits';
import type { EventEnvelope } from '@moba/contracts';
import type { Logger } from '../log';
import {
  deadLetterTopic,
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_ATTEMPTS,
  handleBatchWithRetry,
  handleWithRetry,
  isDeadLetterTopic,
  shouldLogAttempt,
  sleep,
  type BatchHandler,
  type DeadLetters,
  type EventBus,
  type EventHandler,
  type SubscribeOptions,
} from './event-bus';
import { readEnvelope } from './read-envelope';
import { consumerReadinessName, processReadiness } from '../readiness';

/**
 * EventBus on Redis Streams, for running several processes without Kafka.
 *
 * - A topic is a stream; publish is XADD (approximately capped with MAXLEN ~).
 * - A consumer group is a Redis consumer group, created with MKSTREAM from the start of the stream, so
 *   events published before a service first subscribed are still delivered (like Kafka's fromBeginning).
 *   A transient group starts at the end of the stream and is destroyed when the bus closes. Its
 *   consumer beats in a registry hash while it runs; a transient group whose beat stopped longer than
 *   `transientStaleMs` ago (its process was killed) is destroyed by the next transient subscriber.
 * - Every subscription reads with XREADGROUP under a consumer name unique to this process, handles the
 *   batch (same key in stream order, different keys side by side), retries with backoff, then XACKs.
 * - While a handler runs, and while a transient failure (store or Redis unreachable) is retried
 *   without end, the consumer re-claims its entries for itself (XCLAIM … JUSTID) so no other member
 *   takes them over meanwhile: only a consumer that stopped leaves them idle.
 * - A poison event (a handler that keeps failing otherwise) or an entry that is not a valid envelope
 *   goes to the `<topic>.dead-letter` stream, then is XACKed. Writes to Redis are retried until Redis
 *   answers again, so an outage delays events but neither drops nor dead-letters them.
 * - Entries a dead consumer left pending longer than `claimIdleMs` are taken over with XAUTOCLAIM by a
 *   live member of the group; an entry delivered more than maxAttempts times goes to the dead letters.
 *
 * Per-key order holds within one consumer. With several instances of one service the group shares the
 * work and two events of one key may be handled by different instances (Kafka keeps the order there).
 *
 * URL: `redis://host:port[/db]?maxLen=100000&claimIdleMs=30000&blockMs=2000&batch=20&transientStaleMs=600000&prefix=name`
 * (with a prefix, topic T is the stream `name:T`, so several runs can share one Redis).
 */
export interface RedisBusOptions {
  maxLen: number;
  claimIdleMs: number;
  blockMs: number;
  batch: number;
  transientStaleMs: number;
}

const DEFAULTS: RedisBusOptions = {
  maxLen: 100_000,
  claimIdleMs: 30_000,
  blockMs: 2_000,
  batch: 20,
  transientStaleMs: 600_000,
};

/** Splits our options off the URL; the rest goes to ioredis. */
export function parseRedisBusUrl(url: string): {
  redisUrl: string;
  options: RedisBusOptions;
  prefix: string;
} {
  const parsed = new URL(url);
  const prefix = parsed.searchParams.get('prefix') ?? '';
  parsed.searchParams.delete('prefix');
  const options = { ...DEFAULTS };
  for (const name of Object.keys(DEFAULTS) as (keyof RedisBusOptions)[]) {
    const value = parsed.searchParams.get(name);
    if (value !== null) {
      const number = Number(value);
      if (!Number.isInteger(number) || number <= 0)
        throw new Error(`EVENT_BUS_URL: ${name} must be a positive integer`);
      options[name] = number;
      parsed.searchParams.delete(name);
    }
  }
  return { redisUrl: parsed.toString(), options, prefix };
}

type StreamEntry = [id: string, fields: string[] | null];

const fieldsOf = (fields: string[]) => {
  const map: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) map[fields[i]] = fields[i + 1];
  return map;
};

export async function createRedisBus(
  url: string,
  service: string,
  logger?: Logger,
  overrides: Partial<RedisBusOptions> = {},
): Promise<EventBus> {
  const { redisUrl, options: fromUrl, prefix } = parseRedisBusUrl(url);
  const options = { ...fromUrl, ...overrides };
  const streamOf = (topic: string) => (prefix ? `${prefix}:${topic}` : topic);
  const transientRegistry = streamOf('transient-groups');
  const registryField = (stream: string, group: string) => `${stream}\n${group}`;
  const beatEveryMs = Math.min(30_000, options.transientStaleMs / 4);
  const connect = (commandTimeout?: number) => {
    const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3, commandTimeout });
    // While Redis is away ioredis reconnects by itself; the commands that fail are retried and logged here.
    client.on('error', () => undefined);
    return client;
  };
  const commands = connect(REDIS_COMMAND_TIMEOUT_MS);
  try {
    await commands.connect();
  } catch (error) {
    commands.disconnect();
    throw new Error(
      `EVENT_BUS_URL: no Redis answers at ${new URL(redisUrl).host} (${(error as Error).message})`,
    );
  }
  const consumers: { stop(): Promise<void> }[] = [];
  const transientGroups: { stream: string; group: string }[] = [];
  let closed = false;

  const append = (topic: string, event: EventEnvelope, extra: string[] = []) =>
    commands.xadd(
      streamOf(topic),
      'MAXLEN',
      '~',
      options.maxLen,
      '*',
      'key',
      event.key,
      'event',
      JSON.stringify(event),
      ...extra,
    );

  /** A durable group starts at the beginning of the stream, a transient one at its end ('$'). */
  async function ensureGroup(topic: string, group: string, from: '0' | '$' = '0') {
    try {
      await commands.xgroup('CREATE', streamOf(topic), group, from, 'MKSTREAM');
    } catch (error) {
      if (!String((error as Error).message).includes('BUSYGROUP')) throw error;
    }
  }

  /** One event at a time (subscribe) or the entries of a read together (subscribeBatch). */
  type Handling = { one: EventHandler } | { batch: BatchHandler };

  function consume(topic: string, group: string, handling: Handling, subscribeOptions: SubscribeOptions) {
    const stream = streamOf(topic);
    const readCount =
      'batch' in handling ? (subscribeOptions.batchSize ?? DEFAULT_BATCH_SIZE) : options.batch;
    const consumer = `${service}-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    const reader = connect();
    const maxAttempts = subscribeOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const reclaimEveryMs = Math.min(options.claimIdleMs, 5_000);
    // Claimed again three times within claimIdleMs: a late timer still keeps a handled entry ours.
    const keepAliveEveryMs = Math.min(1_000, Math.max(20, Math.floor(options.claimIdleMs / 3)));
    let stopping = false;
    let lastReclaim = 0;
    let lastBeat = 0;
    const beat = async () => {
      lastBeat = Date.now();
      await commands.hset(transientRegistry, registryField(stream, group), String(lastBeat));
    };
    const log = logger?.child({ topic, group, consumer });

    async function deadLetter(
      id: string,
      event: EventEnvelope | undefined,
      raw: Record<string, string>,
      reason: string,
    ) {
      if (!isDeadLetterTopic(topic)) {
        if (event)
          await append(deadLetterTopic(topic), event, ['group', group, 'reason', reason, 'sourceId', id]);
        else
          await commands.xadd(
            streamOf(deadLetterTopic(topic)),
            'MAXLEN',
            '~',
            options.maxLen,
            '*',
            ...Object.entries(raw).flat(),
            'group',
            group,
            'reason',
            reason,
          );
      }
      log?.error(
        { streamId: id, eventId: event?.id, reason, alert: 'dead-letter' },
        'event sent to the dead-letter topic',
      );
    }

    /** Redis commands of the consumer are retried until Redis answers again (or the bus closes). */
    async function persist<R>(what: string, run: () => Promise<R>): Promise<R | undefined> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await run();
        } catch (error) {
          if (stopping) return undefined;
          if (attempt === 1 || attempt % 20 === 0)
            log?.warn({ err: error, attempt }, `${what} failed; retrying`);
          await sleep(Math.min(2_000, 100 * attempt));
        }
      }
    }

    const acknowledge = (id: string) =>
      persist('acknowledging an event', () => commands.xack(stream, group, id));

    async function handleEntry(handler: EventHandler, [id, fields]: StreamEntry) {
      if (fields === null) {
        await acknowledge(id); // trimmed away while pending
        return;
      }
      const raw = fieldsOf(fields);
      const read = readEnvelope(raw.event);
      if (!read.event) {
        await persist('dead-lettering an entry', () => deadLetter(id, undefined, raw, read.problem));
        await acknowledge(id);
        return;
      }
      const event = read.event;
      const outcome = await handleWithRetry(handler, event, subscribeOptions, {
        stopping: () => stopping,
        // Keeps the entry ours: XAUTOCLAIM in other members takes entries idle longer than claimIdleMs.
        keepAlive: async () => {
          await commands.xclaim(stream, group, consumer, 0, id, 'JUSTID');
        },
        keepAliveEveryMs,
        onError: (error, attempt, transient) => {
          if (shouldLogAttempt(attempt, transient))
            log?.warn({ err: error, eventId: event.id, attempt, transient }, 'event handler failed');
        },
      });
      if (outcome === 'stopped') return; // left pending: a member takes it over
      if (outcome === 'poison')
        await persist('dead-lettering an event', () =>
          deadLetter(id, event, raw, `handler failed ${maxAttempts} times`),
        );
      await acknowledge(id);
    }

    /** subscribeBatch: the events of the entries go to the handler together; one XACK for all. */
    async function handleTogether(handler: BatchHandler, entries: StreamEntry[]) {
      const done: string[] = [];
      const readable: { id: string; event: EventEnvelope; raw: Record<string, string> }[] = [];
      for (const [id, fields] of entries) {
        if (fields === null) {
          done.push(id); // trimmed away while pending
          continue;
        }
        const raw = fieldsOf(fields);
        const read = readEnvelope(raw.event);
        if (read.event) readable.push({ id, event: read.event, raw });
        else {
          await persist('dead-lettering an entry', () => deadLetter(id, undefined, raw, read.problem));
          done.push(id);
        }
      }
      const ids = readable.map((entry) => entry.id);
      const outcomes = readable.length
        ? await handleBatchWithRetry(
            handler,
            readable.map((entry) => entry.event),
            subscribeOptions,
            {
              stopping: () => stopping,
              keepAlive: async () => {
                await commands.xclaim(stream, group, consumer, 0, ...ids, 'JUSTID');
              },
              keepAliveEveryMs,
              onError: (error, attempt, transient) => {
                if (shouldLogAttempt(attempt, transient))
                  log?.warn({ err: error, events: ids.length, attempt, transient }, 'batch handler failed');
              },
            },
          )
        : [];
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome === 'stopped') continue; // left pending: a member takes it over
        const { id, event, raw } = readable[i];
        if (outcome === 'poison')
          await persist('dead-lettering an event', () =>
            deadLetter(id, event, raw, `handler failed ${maxAttempts} times`),
          );
        done.push(id);
      }
      if (done.length) await persist('acknowledging events', () => commands.xack(stream, group, ...done));
    }

    const handleBatch = (entries: StreamEntry[]) =>
      'batch' in handling ? handleTogether(handling.batch, entries) : handleOneByOne(handling.one, entries);

    /** Same key in order, different keys side by side. */
    async function handleOneByOne(handler: EventHandler, entries: StreamEntry[]) {
      const byKey = new Map<string, StreamEntry[]>();
      for (const entry of entries) {
        const key = entry[1] ? (fieldsOf(entry[1]).key ?? '') : '';
        byKey.set(key, [...(byKey.get(key) ?? []), entry]);
      }
      await Promise.all(
        [...byKey.values()].map(async (list) => {
          for (const entry of list) await handleEntry(handler, entry);
        }),
      );
    }

    async function reclaim() {
      lastReclaim = Date.now();
      let cursor = '0-0';
      for (let round = 0; round < 10; round++) {
        const [next, entries] = (await commands.xautoclaim(
          stream,
          group,
          consumer,
          options.claimIdleMs,
          cursor,
          'COUNT',
          readCount,
        )) as [string, StreamEntry[]];
        if (entries.length) {
          log?.info({ count: entries.length }, 'took over events a stopped consumer left unacknowledged');
          const live: StreamEntry[] = [];
          for (const entry of entries) {
            const [info] = (await commands.xpending(stream, group, entry[0], entry[0], 1)) as [
              string,
              string,
              number,
              number,
            ][];
            if (info && info[3] > maxAttempts && entry[1]) {
              const raw = fieldsOf(entry[1]);
              await deadLetter(entry[0], readEnvelope(raw.event).event, raw, `delivered ${info[3]} times`);
              await commands.xack(stream, group, entry[0]);
            } else live.push(entry);
          }
          await handleBatch(live);
        }
        if (next === '0-0') break;
        cursor = next;
      }
      await forgetIdleConsumers();
    }

    /** Consumer names are per process: drop the ones long gone that hold nothing. */
    async function forgetIdleConsumers() {
      const list = (await commands.xinfo('CONSUMERS', stream, group)) as (string | number)[][];
      for (const info of list) {
        const fields = Object.fromEntries(
          info.reduce<[string, string | number][]>(
            (pairs, v, i, all) => (i % 2 ? pairs : [...pairs, [String(v), all[i + 1]]]),
            [],
          ),
        );
        if (fields.name !== consumer && Number(fields.pending) === 0 && Number(fields.idle) > 3_600_000) {
          await commands.xgroup('DELCONSUMER', stream, group, String(fields.name));
        }
      }
    }

    const readinessName = consumerReadinessName(group, topic);
    const loop = (async () => {
      while (!stopping) {
        try {
          if (Date.now() - lastReclaim >= reclaimEveryMs) await reclaim();
          if (subscribeOptions.transient && Date.now() - lastBeat >= beatEveryMs) await beat();
          const result = (await reader.xreadgroup(
            'GROUP',
            group,
            consumer,
            'COUNT',
            readCount,
            'BLOCK',
            options.blockMs,
            'STREAMS',
            stream,
            '>',
          )) as [string, StreamEntry[]][] | null;
          processReadiness.report(readinessName, true);
          if (result) for (const [, entries] of result) await handleBatch(entries);
        } catch (error) {
          if (stopping) break;
          const message = String((error as Error).message);
          processReadiness.report(readinessName, false, message);
          if (message.includes('NOGROUP'))
            await ensureGroup(topic, group, subscribeOptions.transient ? '$' : '0').catch(() => undefined);
          else log?.error({ err: error }, 'reading the stream failed; retrying');
          await sleep(500);
        }
      }
    })();

    return {
      async stop() {
        stopping = true;
        reader.disconnect();
        await loop;
      },
    };
  }

  /** Transient groups of processes that died without closing their bus (SIGKILL, a lost node). */
  async function destroyStaleTransientGroups() {
    const beats = await commands.hgetall(transientRegistry);
    for (const [field, at] of Object.entries(beats)) {
      if (Date.now() - Number(at) <= options.transientStaleMs) continue;
      const [stream, group] = field.split('\n');
      await commands.xgroup('DESTROY', stream, group).catch(() => undefined);
      await commands.hdel(transientRegistry, field);
      logger?.info({ stream, group }, 'destroyed the transient group of a stopped process');
    }
  }

  async function subscribe(
    topic: string,
    group: string,
    handling: Handling,
    subscribeOptions: SubscribeOptions,
  ) {
    if (closed) throw new Error('bus closed');
    if (subscribeOptions.transient) await destroyStaleTransientGroups();
    await ensureGroup(topic, group, subscribeOptions.transient ? '$' : '0');
    if (subscribeOptions.transient) {
      transientGroups.push({ stream: streamOf(topic), group });
      await commands.hset(transientRegistry, registryField(streamOf(topic), group), String(Date.now()));
    }
    consumers.push(consume(topic, group, handling, subscribeOptions));
  }

  const deadLetters: DeadLetters = {
    count: (topic) => commands.xlen(streamOf(deadLetterTopic(topic))),
    async redrive(topic) {
      const source = streamOf(deadLetterTopic(topic));
      let redriven = 0;
      let kept = 0;
      let start = '-';
      for (;;) {
        const entries = (await commands.xrange(source, start, '+', 'COUNT', 100)) as StreamEntry[];
        if (!entries.length) break;
        for (const [id, fields] of entries) {
          const read = readEnvelope(fields ? fieldsOf(fields).event : undefined);
          if (read.event) {
            await append(topic, read.event);
            await commands.xdel(source, id);
            redriven++;
          } else kept++;
        }
        start = `(${entries[entries.length - 1][0]}`;
      }
      return { redriven, kept };
    },
  };

  return {
    deadLetters,
    async publish(topic, event) {
      if (closed) throw new Error('bus closed');
      await append(topic, event);
    },
    subscribe: (topic, group, handler, subscribeOptions = {}) =>
      subscribe(topic, group, { one: handler }, subscribeOptions),
    subscribeBatch: (topic, group, handler, subscribeOptions = {}) =>
      subscribe(topic, group, { batch: handler }, subscribeOptions),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(consumers.map((c) => c.stop()));
      for (const { stream, group } of transientGroups) {
        await commands.xgroup('DESTROY', stream, group).catch(() => undefined);
        await commands.hdel(transientRegistry, registryField(stream, group)).catch(() => undefined);
      }
      await commands.quit().catch(() => commands.disconnect());
    },
  };
}
