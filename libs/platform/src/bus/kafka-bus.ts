import { hostname } from 'node:os';
import {
  ConfigResourceTypes,
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type ConsumerRunConfig,
  type IHeaders,
  type KafkaMessage,
  type Producer,
} from 'kafkajs';
import { commandTopics, topics as knownTopics, type EventEnvelope } from '@moba/contracts';
import type { Logger } from '../log';
import { consumerReadinessName, processReadiness } from '../readiness';
import {
  chunked,
  deadLetterTopic,
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_ATTEMPTS,
  handleBatchWithRetry,
  handleWithRetry,
  isDeadLetterTopic,
  shouldLogAttempt,
  type DeadLetters,
  type EventBus,
  type HandlingOutcome,
  type RetryControls,
  type SubscribeOptions,
} from './event-bus';
import { readEnvelope } from './read-envelope';
import { topicConfig } from './kafka-topic-config';

/**
 * EventBus on Kafka (kafkajs), the production bus.
 *
 * - Producer: idempotent, acks from all in-sync replicas, the envelope's key (aggregate id) as message
 *   key, so one aggregate's events share a partition and keep their order.
 * - Topics (every catalogue topic, the command topics and their dead-letter topics) are created on
 *   start with their configuration (kafka-topic-config.ts: retention, min.insync.replicas), which is
 *   also applied to topics that already exist; other topics are created the first time they are used.
 * - subscribe(topic, group): a kafkajs consumer in the consumer group `<group>.<topic>` (the group
 *   name is the service; one Kafka group per service and topic keeps each group's subscription
 *   uniform), reading from the beginning the first time the group exists. Partitions are handled
 *   side by side, each partition in order; a message is committed after its handler succeeded or,
 *   for a poison event, after `maxAttempts` attempts with doubling backoff and a copy in
 *   `<topic>.dead-letter`. A message that is no valid envelope goes there at once.
 * - A transient failure (store unreachable, timeouts) is retried without end: the partition is paused
 *   (no further fetches) and the member heartbeats between attempts, so it keeps its place in the
 *   group instead of outliving the session and forcing a rebalance. A rebalance meanwhile ends the
 *   retry without committing; the partition's next owner takes the message up.
 *
 * URL: `kafka://broker1:9092,broker2:9092?partitions=6&replication=1`.
 */
export interface KafkaBusOptions {
  brokers: string[];
  partitions: number;
  replication: number;
}

export function parseKafkaUrl(url: string): KafkaBusOptions {
  const match = /^kafka:\/\/([^?/]+)\/?(?:\?(.*))?$/.exec(url);
  if (!match)
    throw new Error('EVENT_BUS_URL: expected kafka://host:port[,host:port...][?partitions=N&replication=N]');
  const params = new URLSearchParams(match[2] ?? '');
  const positive = (name: string, fallback: number) => {
    const value = Number(params.get(name) ?? fallback);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`EVENT_BUS_URL: ${name} must be a positive integer`);
    return value;
  };
  return {
    brokers: match[1].split(','),
    partitions: positive('partitions', 6),
    replication: positive('replication', 1),
  };
}

const kafkaLevel: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export async function createKafkaBus(url: string, service: string, logger?: Logger): Promise<EventBus> {
  const options = parseKafkaUrl(url);
  const kafka = new Kafka({
    clientId: `${service}-${hostname()}`,
    brokers: options.brokers,
    retry: { initialRetryTime: 300, retries: 10 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry) =>
      logger?.[kafkaLevel[entry.level] ?? 'info'](
        { kafka: entry.namespace, ...entry.log },
        String(entry.log.message),
      ),
  });
  const admin: Admin = kafka.admin();
  const producer: Producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await admin.connect();
  await producer.connect();

  /**
   * One creation per topic, shared by every caller: concurrent publishes to a new topic wait on the
   * same promise and so still reach the producer in the order they were called (per-key order).
   */
  const ensured = new Map<string, Promise<void>>();
  async function createMissing(names: string[]) {
    const existing = new Set(await admin.listTopics());
    const toCreate = names.filter((name) => !existing.has(name));
    if (toCreate.length) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: toCreate.map((topic) => ({
          topic,
          numPartitions: options.partitions,
          replicationFactor: options.replication,
          configEntries: Object.entries(topicConfig(topic, options.replication)).map(([name, value]) => ({
            name,
            value,
          })),
        })),
      });
    }
    const toAlter = names.filter((name) => existing.has(name));
    if (toAlter.length) {
      // Topics made before these settings existed (or by hand) get them too.
      await admin
        .alterConfigs({
          validateOnly: false,
          resources: toAlter.map((name) => ({
            type: ConfigResourceTypes.TOPIC,
            name,
            configEntries: Object.entries(topicConfig(name, options.replication)).map(([n, value]) => ({
              name: n,
              value,
            })),
          })),
        })
        .catch((error: unknown) =>
          logger?.warn({ err: error, topics: toAlter }, 'could not set topic configs'),
        );
    }
  }
  function ensureTopics(names: string[]): Promise<unknown> {
    const missing = names.filter((name) => !ensured.has(name));
    if (missing.length) {
      const creating = createMissing(missing);
      for (const name of missing) {
        const entry = creating.catch((error: unknown) => {
          ensured.delete(name); // try again on the next use
          throw error;
        });
        ensured.set(name, entry);
      }
    }
    return Promise.all(names.map((name) => ensured.get(name)));
  }
  const withDeadLetters = (names: string[]) =>
    names.flatMap((name) => (name.endsWith('.dead-letter') ? [name] : [name, deadLetterTopic(name)]));
  await ensureTopics(withDeadLetters([...Object.values(knownTopics), ...Object.values(commandTopics)]));

  const consumers: Consumer[] = [];
  const transientGroups: string[] = [];
  let closed = false;

  async function send(topic: string, event: EventEnvelope, headers: Record<string, string> = {}) {
    await sendRaw(topic, event.key, JSON.stringify(event), { type: event.type, id: event.id, ...headers });
  }
  async function sendRaw(topic: string, key: string | null, value: string | null, headers: IHeaders) {
    await ensureTopics(withDeadLetters([topic]));
    await producer.send({ topic, acks: -1, messages: [{ key, value, headers }] });
  }

  /**
   * Redrive reads a dead-letter topic with its own group (`moba-redrive.<topic>.dead-letter`): what
   * that group has not passed yet is what waits to be redriven.
   */
  const redriveGroup = (topic: string) => `moba-redrive.${deadLetterTopic(topic)}`;
  async function waiting(topic: string) {
    const dead = deadLetterTopic(topic);
    await ensureTopics([topic, dead]);
    const ends = await admin.fetchTopicOffsets(dead);
    const [committed] = await admin.fetchOffsets({ groupId: redriveGroup(topic), topics: [dead] });
    const done = new Map(committed?.partitions.map((p) => [p.partition, Number(p.offset)]) ?? []);
    return ends.map(({ partition, high, low }) => ({
      partition,
      high: Number(high),
      left: Number(high) - Math.max(Number(low), done.get(partition) ?? -1),
    }));
  }
  const deadLetters: DeadLetters = {
    async count(topic) {
      return (await waiting(topic)).reduce((sum, p) => sum + Math.max(0, p.left), 0);
    },
    async redrive(topic) {
      const partitions = (await waiting(topic)).filter((p) => p.left > 0);
      if (!partitions.length) return { redriven: 0, kept: 0 };
      const consumer = kafka.consumer({ groupId: redriveGroup(topic) });
      let redriven = 0;
      let kept = 0;
      const open = new Set(partitions.map((p) => p.partition));
      const ends = new Map(partitions.map((p) => [p.partition, p.high]));
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      await consumer.connect();
      await consumer.subscribe({ topics: [deadLetterTopic(topic)], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message, partition }) => {
          const read = readEnvelope(message.value?.toString());
          if (read.event) {
            await send(topic, read.event);
            redriven++;
          } else {
            kept++;
            logger?.warn(
              { topic, partition, offset: message.offset, problem: read.problem },
              'unreadable dead letter passed',
            );
          }
          if (Number(message.offset) + 1 >= (ends.get(partition) ?? 0)) {
            open.delete(partition);
            if (!open.size) finish();
          }
        },
      });
      await finished;
      await consumer.disconnect();
      return { redriven, kept };
    },
  };

  /** A message that is no valid envelope goes to the dead letters as it is. */
  async function deadLetterUnreadable(
    topic: string,
    group: string,
    partition: number,
    message: KafkaMessage,
    problem: string,
  ) {
    if (!isDeadLetterTopic(topic))
      await sendRaw(
        deadLetterTopic(topic),
        message.key?.toString() ?? null,
        message.value?.toString() ?? null,
        {
          group,
          reason: problem,
          sourcePartition: String(partition),
          sourceOffset: message.offset,
        },
      );
    logger
      ?.child({ topic, group })
      .error(
        { partition, offset: message.offset, reason: problem, alert: 'dead-letter' },
        'unreadable message sent to the dead-letter topic',
      );
  }

  async function deadLetterPoison(
    topic: string,
    group: string,
    event: EventEnvelope,
    subscribeOptions: SubscribeOptions,
    log: Logger | undefined,
  ) {
    if (isDeadLetterTopic(topic)) return;
    await send(deadLetterTopic(topic), event, {
      group,
      reason: `handler failed ${subscribeOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS} times`,
    });
    log?.error({ eventId: event.id, alert: 'dead-letter' }, 'event sent to the dead-letter topic');
  }

  /**
   * Runs the handling of a partition's events with the retry controls: while it waits to retry, the
   * partition is paused (no further fetches) and the member heartbeats; a rebalance meanwhile stops
   * it, leaving the events uncommitted for the partition's next owner.
   */
  async function handleHeld(
    events: EventEnvelope[],
    subscribeOptions: SubscribeOptions,
    partition: { heartbeat: () => Promise<void>; pause: () => () => void },
    handle: (events: EventEnvelope[], controls: RetryControls) => Promise<HandlingOutcome[]>,
    onError: RetryControls['onError'],
  ): Promise<HandlingOutcome[]> {
    if (!events.length) return [];
    let resume: (() => void) | undefined;
    let rebalancing = false;
    return handle(events, {
      stopping: () => closed || rebalancing,
      keepAlive: async () => {
        resume ??= partition.pause();
        try {
          await partition.heartbeat();
        } catch (error) {
          rebalancing = true;
          throw error;
        }
      },
      onError,
    }).finally(() => resume?.());
  }

  /** A kafkajs consumer in the group `<group>.<topic>`, running as `runConfig` says once it joined. */
  async function join(
    topic: string,
    group: string,
    subscribeOptions: SubscribeOptions,
    runConfig: (log: Logger | undefined) => ConsumerRunConfig,
  ) {
    if (closed) throw new Error('bus closed');
    await ensureTopics(withDeadLetters([topic]));
    const consumer = kafka.consumer({ groupId: `${group}.${topic}`, retry: { retries: 10 } });
    consumers.push(consumer);
    if (subscribeOptions.transient) transientGroups.push(`${group}.${topic}`);
    const log = logger?.child({ topic, group });
    const joined = new Promise<void>((resolve) => {
      const remove = consumer.on(consumer.events.GROUP_JOIN, () => {
        remove();
        resolve();
      });
    });
    // Readiness: not ready until this member joins, and for good after a crash kafkajs gives up on.
    const readinessName = consumerReadinessName(group, topic);
    processReadiness.report(readinessName, false, 'joining the group');
    consumer.on(consumer.events.GROUP_JOIN, () => processReadiness.report(readinessName, true));
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart)
        processReadiness.report(readinessName, false, `crashed: ${payload.error.message}`);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: !subscribeOptions.transient });
    await consumer.run(runConfig(log));
    // Resolves once this member has a place in the group, so events published next are not missed.
    await Promise.race([joined, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
  }

  return {
    deadLetters,
    async publish(topic, event) {
      if (closed) throw new Error('bus closed');
      await send(topic, event);
    },
    subscribe: (topic, group, handler, subscribeOptions = {}) =>
      join(topic, group, subscribeOptions, (log) => ({
        partitionsConsumedConcurrently: 3,
        eachMessage: async ({ message, partition, heartbeat, pause }) => {
          const read = readEnvelope(message.value?.toString());
          if (!read.event) return deadLetterUnreadable(topic, group, partition, message, read.problem);
          const event = read.event;
          const [outcome] = await handleHeld(
            [event],
            subscribeOptions,
            { heartbeat, pause },
            (events, controls) =>
              handleWithRetry(handler, events[0], subscribeOptions, controls).then((o) => [o]),
            (error, attempt, transient) => {
              if (shouldLogAttempt(attempt, transient))
                log?.warn({ err: error, eventId: event.id, attempt, transient }, 'event handler failed');
            },
          );
          if (outcome === 'stopped')
            throw new Error(`left ${event.id} uncommitted: the consumer is stopping`);
          if (outcome === 'poison') await deadLetterPoison(topic, group, event, subscribeOptions, log);
        },
      })),
    subscribeBatch: (topic, group, handler, subscribeOptions = {}) =>
      join(topic, group, subscribeOptions, (log) => ({
        partitionsConsumedConcurrently: 3,
        eachBatchAutoResolve: false,
        eachBatch: async ({
          batch,
          resolveOffset,
          heartbeat,
          pause,
          commitOffsetsIfNecessary,
          isRunning,
          isStale,
        }) => {
          for (const messages of chunked(batch.messages, subscribeOptions.batchSize ?? DEFAULT_BATCH_SIZE)) {
            if (!isRunning() || isStale()) return;
            const events: EventEnvelope[] = [];
            for (const message of messages) {
              const read = readEnvelope(message.value?.toString());
              if (read.event) events.push(read.event);
              else await deadLetterUnreadable(topic, group, batch.partition, message, read.problem);
            }
            const outcomes = await handleHeld(
              events,
              subscribeOptions,
              { heartbeat, pause },
              (all, controls) => handleBatchWithRetry(handler, all, subscribeOptions, controls),
              (error, attempt, transient) => {
                if (shouldLogAttempt(attempt, transient))
                  log?.warn(
                    { err: error, events: events.length, attempt, transient },
                    'batch handler failed',
                  );
              },
            );
            if (outcomes.includes('stopped'))
              throw new Error(`left ${events.length} events uncommitted: the consumer is stopping`);
            for (const [i, outcome] of outcomes.entries())
              if (outcome === 'poison')
                await deadLetterPoison(topic, group, events[i], subscribeOptions, log);
            resolveOffset(messages[messages.length - 1].offset);
            await commitOffsetsIfNecessary();
            await heartbeat();
          }
        },
      })),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(consumers.map((c) => c.disconnect().catch(() => undefined)));
      if (transientGroups.length) await admin.deleteGroups(transientGroups).catch(() => undefined);
      await producer.disconnect().catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
    },
  };
}
