import type { EventEnvelope } from '@moba/contracts';
import type { Logger } from '../log';
import {
  deadLetterTopic,
  DEFAULT_BATCH_SIZE,
  handleBatchWithRetry,
  handleWithRetry,
  isDeadLetterTopic,
  shouldLogAttempt,
  type BatchHandler,
  type EventBus,
  type EventHandler,
  type HandlingOutcome,
  type RetryControls,
  type SubscribeOptions,
} from './event-bus';
import { checkEnvelope } from './read-envelope';

/** A member of a group: handles one event, or queues it for its next batch; resolves the outcome. */
type Member = (event: EventEnvelope) => Promise<HandlingOutcome>;

interface Group {
  members: Member[];
  next: number;
  /** Per-key chains keep each aggregate's events in order within the group. */
  chains: Map<string, Promise<unknown>>;
}

interface DeadLetter {
  event: unknown;
  group: string;
  reason: string;
}

/**
 * The in-process bus of the embedded mode. publish resolves only after every subscribed group has
 * handled the event (or dead-lettered it), so an outbox relay that awaits it loses nothing. A
 * transient failure is retried until it passes or the bus closes.
 */
export function createMemoryBus(logger?: Logger): EventBus {
  const topics = new Map<string, Map<string, Group>>();
  const deadLetters = new Map<string, DeadLetter[]>();
  let closed = false;

  async function bury(topic: string, event: unknown, group: string, reason: string) {
    if (isDeadLetterTopic(topic)) return;
    const list = deadLetters.get(topic) ?? [];
    list.push({ event, group, reason });
    deadLetters.set(topic, list);
    logger?.error(
      { topic, group, reason, eventId: (event as { id?: unknown })?.id },
      'event sent to the dead-letter topic',
    );
    const checked = checkEnvelope(event);
    if (checked.event) await deliverAll(deadLetterTopic(topic), checked.event);
  }

  const deliver = (topic: string, groupName: string, group: Group, event: EventEnvelope): Promise<void> => {
    const member = group.members[group.next++ % group.members.length];
    const previous = group.chains.get(event.key) ?? Promise.resolve();
    const run = previous.then(async () => {
      const outcome = await member(event);
      if (outcome === 'poison') await bury(topic, event, groupName, 'handler kept failing');
    });
    const settled = run.catch(() => undefined);
    group.chains.set(event.key, settled);
    void settled.then(() => {
      if (group.chains.get(event.key) === settled) group.chains.delete(event.key);
    });
    return run;
  };

  async function deliverAll(topic: string, event: EventEnvelope) {
    const groups = topics.get(topic);
    if (!groups) return;
    await Promise.all([...groups.entries()].map(([name, group]) => deliver(topic, name, group, event)));
  }

  const retryControls = (topic: string, eventId?: string): RetryControls => ({
    stopping: () => closed,
    onError: (error, attempt, transient) => {
      if (shouldLogAttempt(attempt, transient))
        logger?.warn({ err: error, topic, eventId, attempt, transient }, 'event handler failed');
    },
  });

  const oneByOne =
    (topic: string, handler: EventHandler, options: SubscribeOptions): Member =>
    (event) =>
      handleWithRetry(handler, event, options, retryControls(topic, event.id));

  /** Events delivered in the same turn of the event loop (publishes side by side) form one batch. */
  function inBatches(topic: string, handler: BatchHandler, options: SubscribeOptions): Member {
    const waiting: { event: EventEnvelope; settle: (outcome: HandlingOutcome) => void }[] = [];
    let draining = false;
    const drain = async () => {
      while (waiting.length) {
        const taken = waiting.splice(0, options.batchSize ?? DEFAULT_BATCH_SIZE);
        const events = taken.map((entry) => entry.event);
        const outcomes = await handleBatchWithRetry(handler, events, options, retryControls(topic));
        taken.forEach((entry, i) => entry.settle(outcomes[i]));
      }
      draining = false;
    };
    return (event) =>
      new Promise((settle) => {
        waiting.push({ event, settle });
        if (draining) return;
        draining = true;
        setImmediate(() => void drain());
      });
  }

  function join(topic: string, groupName: string, member: Member) {
    const groups = topics.get(topic) ?? new Map<string, Group>();
    topics.set(topic, groups);
    const group: Group = groups.get(groupName) ?? { members: [], next: 0, chains: new Map() };
    group.members.push(member);
    groups.set(groupName, group);
  }

  const bus: EventBus = {
    async publish(topic, event) {
      if (closed) throw new Error('bus closed');
      const checked = checkEnvelope(event);
      if (checked.problem) {
        // Another process would receive it and dead-letter it; in one process every group would.
        for (const name of topics.get(topic)?.keys() ?? []) await bury(topic, event, name, checked.problem);
        return;
      }
      await deliverAll(topic, event);
    },
    async subscribe(topic, groupName, handler, options = {}) {
      join(topic, groupName, oneByOne(topic, handler, options));
    },
    async subscribeBatch(topic, groupName, handler, options = {}) {
      join(topic, groupName, inBatches(topic, handler, options));
    },
    deadLetters: {
      async count(topic) {
        return deadLetters.get(topic)?.length ?? 0;
      },
      async redrive(topic) {
        const list = deadLetters.get(topic) ?? [];
        deadLetters.set(topic, []);
        let redriven = 0;
        const kept: DeadLetter[] = [];
        for (const entry of list) {
          const checked = checkEnvelope(entry.event);
          if (checked.event) {
            await deliverAll(topic, checked.event);
            redriven++;
          } else kept.push(entry);
        }
        deadLetters.set(topic, [...kept, ...(deadLetters.get(topic) ?? [])]);
        return { redriven, kept: kept.length };
      },
    },
    async close() {
      closed = true;
    },
  };
  return bus;
}
