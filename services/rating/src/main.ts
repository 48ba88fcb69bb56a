import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createBus,
  createLogger,
  createStore,
  createTokenVerifier,
  runUntilSignal,
  systemClock,
} from '@moba/platform';
import { loadRatingConfig } from './config';
import { createService } from './service';

/** Runs the rating service as its own process (distributed mode). */
async function main() {
  const config = loadRatingConfig();
  const logger = createLogger('rating', config.LOG_LEVEL);
  const bus = await createBus(config.EVENT_BUS_URL, 'rating', logger);
  const store = await createStore(config.STORE_URL, 'rating');
  const publicKey = config.JWT_PUBLIC_KEY ?? readFileSync(join(config.KEYS_DIR, 'jwt-public.pem'), 'utf8');
  const service = await createService({
    bus,
    store,
    clock: systemClock,
    logger,
    tokens: createTokenVerifier(publicKey),
    config,
  });
  await runUntilSignal('rating', logger, service, config.PORT, config.HOST, async () => {
    await bus.close();
    await store.close();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
