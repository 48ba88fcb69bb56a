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
import { loadPaymentConfig } from './config';
import { createService } from './service';

/** Runs the payment service as its own process (distributed mode). */
async function main() {
  const config = loadPaymentConfig();
  const logger = createLogger('payment', config.LOG_LEVEL);
  const bus = await createBus(config.EVENT_BUS_URL, 'payment', logger);
  const store = await createStore(config.STORE_URL, 'payment');
  const publicKey = config.JWT_PUBLIC_KEY ?? readFileSync(join(config.KEYS_DIR, 'jwt-public.pem'), 'utf8');
  if (!process.env.PUBLIC_URL)
    logger.warn(
      { publicUrl: config.PUBLIC_URL },
      'PUBLIC_URL not set: checkout links and redirects use the default',
    );
  if (config.NODE_ENV === 'production' && config.PAYMENT_PROVIDER === 'sandbox') {
    logger.warn(
      'the sandbox payment provider is active: its Pay button features vacancies without charging anything',
    );
  }
  if (!process.env.PAYMENT_SANDBOX_SECRET)
    logger.info(
      'PAYMENT_SANDBOX_SECRET not set: the sandbox signs its callbacks with a key generated for this process',
    );
  const service = await createService({
    bus,
    store,
    clock: systemClock,
    logger,
    tokens: createTokenVerifier(publicKey),
    config,
  });
  await runUntilSignal('payment', logger, service, config.PORT, config.HOST, async () => {
    await bus.close();
    await store.close();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
