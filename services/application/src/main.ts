import { runServiceProcess, systemClock, tokenVerifierFor } from '@moba/platform';
import { loadApplicationConfig } from './config';
import { createService } from './service';

/** Runs the application service as its own process (distributed mode). */
runServiceProcess('application', loadApplicationConfig, async ({ config, logger, bus, store }) => ({
  service: await createService({
    bus,
    store,
    clock: systemClock,
    logger,
    tokens: tokenVerifierFor(config),
    config,
  }),
}));
