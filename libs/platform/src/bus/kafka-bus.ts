import { hostname } from 'node:os';
import { Kafka, logLevel, Partitioners, type Admin, type Consumer, type Producer } from 'kafkajs';
import { topics as knownTopics, type EventEnvelope } from '@moba/contracts';
import type { Logger } from '../log';
import { deadLetterTopic, DEFAULT_MAX_ATTEMPTS, handleWithRetry, type EventBus } from './event-bus';

/**
 * EventBus on Kafka (kafkajs), the production bus.
 *
 * - Producer: idempotent, acks from all in-sync replicas, the envelope's key (aggregate id) as message
 *   key, so one aggregate's events share a partition and keep their order.
 * - Topics (every catalogue topic and its dead-letter topic) are created on start; other topics the
 *   first time they are used.
 * - subscribe(topic, group): a kafkajs consumer in the consumer group `<group>.<topic>` (the group
 *   name is the service; one Kafka group per service and topic keeps each group's subscription
 *   uniform), reading from the beginning the first time the group exists. Partitions are handled
 *   side by side, each partition in order; a message is committed after its handler succeeded or,
 *   after `maxAttempts` attempts with doubling backoff, after it was sent to `<topic>.dead-letter`.
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
        })),
      });
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
  await ensureTopics(withDeadLetters(Object.values(knownTopics)));

  const consumers: Consumer[] = [];
  const transientGroups: string[] = [];
  let closed = false;

  async function send(topic: string, event: EventEnvelope, headers: Record<string, string> = {}) {
    await ensureTopics(withDeadLetters([topic]));
    await producer.send({
      topic,
      acks: -1,
      messages: [
        {
          key: event.key,
          value: JSON.stringify(event),
          headers: { type: event.type, id: event.id, ...headers },
        },
      ],
    });
  }

  return {
    async publish(topic, event) {
      if (closed) throw new Error('bus closed');
      await send(topic, event);
    },
    async subscribe(topic, group, handler, subscribeOptions = {}) {
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
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: !subscribeOptions.transient });
      await consumer.run({
        partitionsConsumedConcurrently: 3,
        eachMessage: async ({ message, partition }) => {
          let event: EventEnvelope;
          try {
            event = JSON.parse(message.value?.toString() ?? '') as EventEnvelope;
          } catch {
            log?.error({ partition, offset: message.offset }, 'unreadable message skipped');
            return;
          }
          const ok = await handleWithRetry(handler, event, subscribeOptions, (error, attempt) =>
            log?.warn({ err: error, eventId: event.id, attempt }, 'event handler failed'),
          );
          if (!ok && !topic.endsWith('.dead-letter')) {
            await send(deadLetterTopic(topic), event, {
              group,
              reason: `handler failed ${subscribeOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS} times`,
            });
            log?.error({ eventId: event.id }, 'event sent to the dead-letter topic');
          }
        },
      });
      // Resolves once this member has a place in the group, so events published next are not missed.
      await Promise.race([joined, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    },
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
