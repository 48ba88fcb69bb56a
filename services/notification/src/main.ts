import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createBus,
  createFanout,
  createLogger,
  createStore,
  createTokenVerifier,
  runUntilSignal,
  systemClock,
} from '@moba/platform';
import { loadNotificationConfig } from './config';
import { createService } from './service';

/** Runs the notification service as its own process (distributed mode). */
async function main() {
  const config = loadNotificationConfig();
  const logger = createLogger('notification', config.LOG_LEVEL);
  const bus = await createBus(config.EVENT_BUS_URL, 'notification', logger);
  const store = await createStore(config.STORE_URL, 'notification');
  const publicKey = config.JWT_PUBLIC_KEY ?? readFileSync(join(config.KEYS_DIR, 'jwt-public.pem'), 'utf8');
  const fanout = await createFanout(config.FANOUT_URL);
  const service = await createService({
    bus,
    store,
    clock: systemClock,
    logger,
    tokens: createTokenVerifier(publicKey),
    config,
    fanout,
  });
  await runUntilSignal('notification', logger, service, config.PORT, config.HOST, async () => {
    await fanout.close();
    await bus.close();
    await store.close();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
