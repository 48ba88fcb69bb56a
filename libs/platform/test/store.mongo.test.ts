import { createMongoStore } from '../src/store/mongo-store';
import { documentStoreContract } from '../src/testing/contracts';
import { pickEngine, startMongoContainer, whenEngine } from './fixtures/engines';

// Runs with MONGO_URL=mongodb://host:27017, or a Docker engine (testcontainers starts mongo:8).
const engine = pickEngine('MONGO_URL');

whenEngine('DocumentStore contract: mongodb://', engine, () => {
  let url = engine.kind === 'url' ? engine.url : '';
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (engine.kind === 'docker') ({ url, stop } = await startMongoContainer());
  }, 180_000);
  afterAll(async () => stop?.(), 60_000);
  // Each test opens its own connection; collection names are fresh, so one database serves every run.
  documentStoreContract(`mongodb:// (${engine.kind})`, () => createMongoStore(url, 'contract'), {
    testTimeoutMs: 30_000,
  });
});
