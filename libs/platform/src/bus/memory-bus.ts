import type { EventEnvelope } from '@moba/contracts';
import type { Logger } from '../log';
import {
  deadLetterTopic,
  handleWithRetry,
  type EventBus,
  type EventHandler,
  type SubscribeOptions,
} from './event-bus';

interface Group {
  members: { handler: EventHandler; options: SubscribeOptions }[];
  next: number;
  /** Per-key chains keep each aggregate's events in order within the group. */
  chains: Map<string, Promise<unknown>>;
}

/**
 * The in-process bus of the embedded mode. publish resolves only after every subscribed group has
 * handled the event (or dead-lettered it), so an outbox relay that awaits it loses nothing.
 */
export function createMemoryBus(logger?: Logger): EventBus {
  const topics = new Map<string, Map<string, Group>>();
  let closed = false;

  const deliver = (topic: string, group: Group, event: EventEnvelope): Promise<void> => {
    const member = group.members[group.next++ % group.members.length];
    const previous = group.chains.get(event.key) ?? Promise.resolve();
    const run = previous.then(async () => {
      const ok = await handleWithRetry(member.handler, event, member.options, (error, attempt) =>
        logger?.warn({ err: error, topic, eventId: event.id, attempt }, 'event handler failed'),
      );
      if (!ok && !topic.endsWith('.dead-letter')) await bus.publish(deadLetterTopic(topic), event);
    });
    const settled = run.catch(() => undefined);
    group.chains.set(event.key, settled);
    void settled.then(() => {
      if (group.chains.get(event.key) === settled) group.chains.delete(event.key);
    });
    return run;
  };

  const bus: EventBus = {
    async publish(topic, event) {
      if (closed) throw new Error('bus closed');
      const groups = topics.get(topic);
      if (!groups) return;
      await Promise.all([...groups.values()].map((group) => deliver(topic, group, event)));
    },
    async subscribe(topic, groupName, handler, options = {}) {
      const groups = topics.get(topic) ?? new Map<string, Group>();
      topics.set(topic, groups);
      const group: Group = groups.get(groupName) ?? { members: [], next: 0, chains: new Map() };
      group.members.push({ handler, options });
      groups.set(groupName, group);
    },
    async close() {
      closed = true;
    },
  };
  return bus;
}
