import { createFanout, runServiceProcess, tokenVerifierFor } from '@moba/platform';
import { loadNotificationConfig } from './config';
import { createService } from './service';

/** Runs the notification service as its own process (distributed mode), with the fan-out its instances share. */
runServiceProcess('notification', loadNotificationConfig, async ({ config, logger, bus, store, clock }) => {
  const fanout = await createFanout(config.FANOUT_URL);
  const service = await createService({
    bus,
    store,
    clock,
    logger,
    tokens: tokenVerifierFor(config),
    config,
    fanout,
  });
  return { service, close: () => fanout.close() };
});
