import { createKafkaBus } from '../src/bus/kafka-bus';
import { eventBusContract } from '../src/testing/contracts';
import { pickEngine, startKafkaContainer, whenEngine } from './fixtures/engines';

// Runs with KAFKA_URL=kafka://host:9092, or a Docker engine (testcontainers starts apache/kafka in KRaft mode).
const engine = pickEngine('KAFKA_URL');

whenEngine('EventBus contract: kafka://', engine, () => {
  let url = engine.kind === 'url' ? engine.url : '';
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (engine.kind === 'docker') ({ url, stop } = await startKafkaContainer());
  }, 180_000);
  afterAll(async () => stop?.(), 60_000);
  eventBusContract(`kafka:// (${engine.kind})`, () => createKafkaBus(url, 'contract'), {
    timeoutMs: 30_000,
    testTimeoutMs: 90_000,
  });
});
