import { commandTopics } from '@moba/contracts';
import { isDeadLetterTopic } from './event-bus';

const DAY_MS = 24 * 60 * 60 * 1000;
const commandTopicNames = new Set<string>(Object.values(commandTopics));

/**
 * Kafka topic settings (infra/README, "Kafka topics"):
 * - domain event topics keep every event (retention.ms -1): services rebuild their replicas by reading
 *   a topic from the beginning, so a rebuild must find every event ever published. They are not
 *   compacted: they are event streams, not one state per key, and compaction would drop history.
 * - dead-letter topics also keep everything until an operator redrives them;
 * - command topics (mail links carry secrets) keep one day, their dead letters three;
 * - min.insync.replicas 2 once there are at least 3 replicas, so `acks: -1` means two brokers hold
 *   each event and one broker may still fail; with fewer replicas it stays 1 (2 of 2 would stop every
 *   write while one broker restarts).
 */
export function topicConfig(topic: string, replication: number): Record<string, string> {
  const source = isDeadLetterTopic(topic) ? topic.slice(0, -'.dead-letter'.length) : topic;
  const retentionMs = commandTopicNames.has(source) ? (isDeadLetterTopic(topic) ? 3 : 1) * DAY_MS : -1;
  return {
    'cleanup.policy': 'delete',
    'retention.ms': String(retentionMs),
    'retention.bytes': '-1',
    'min.insync.replicas': replication >= 3 ? '2' : '1',
  };
}
