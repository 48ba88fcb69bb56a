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
import { loadApplicationConfig } from './config';
import { createService } from './service';

/** Runs the application service as its own process (distributed mode). */
async function main() {
  const config = loadApplicationConfig();
  const logger = createLogger('application', config.LOG_LEVEL);
  const bus = await createBus(config.EVENT_BUS_URL, 'application', logger);
  const store = await createStore(config.STORE_URL, 'application');
  const publicKey = config.JWT_PUBLIC_KEY ?? readFileSync(join(config.KEYS_DIR, 'jwt-public.pem'), 'utf8');
  const service = await createService({
    bus,
    store,
    clock: systemClock,
    logger,
    tokens: createTokenVerifier(publicKey),
    config,
  });
  await runUntilSignal('application', logger, service, config.PORT, config.HOST, async () => {
    await bus.close();
    await store.close();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
