import { join } from 'node:path';
import {
  createBus,
  createLogger,
  createStore,
  createTokenVerifier,
  ensureKeyPair,
  runUntilSignal,
  systemClock,
} from '@moba/platform';
import { loadAuthConfig } from './config';
import { createService } from './service';

/** Runs the auth service as its own process (distributed mode). */
async function main() {
  const config = loadAuthConfig();
  const logger = createLogger('auth', config.LOG_LEVEL);
  const bus = await createBus(config.EVENT_BUS_URL, 'auth', logger);
  const store = await createStore(config.STORE_URL, 'auth');
  const fileKeys =
    config.JWT_PRIVATE_KEY && config.JWT_PUBLIC_KEY ? undefined : ensureKeyPair(join(config.KEYS_DIR));
  const privateKeyPem = config.JWT_PRIVATE_KEY ?? fileKeys!.privateKeyPem;
  const publicKeyPem = config.JWT_PUBLIC_KEY ?? fileKeys!.publicKeyPem;
  const service = await createService({
    bus,
    store,
    clock: systemClock,
    logger,
    tokens: createTokenVerifier(publicKeyPem),
    config,
    privateKeyPem,
  });
  await runUntilSignal('auth', logger, service, config.PORT, config.HOST, async () => {
    await bus.close();
    await store.close();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
