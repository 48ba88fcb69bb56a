import { runServiceProcess, tokenVerifierFor } from '@moba/platform';
import { loadApplicationConfig } from './config';
import { createService } from './service';

/** Runs the application service as its own process (distributed mode). */
runServiceProcess('application', loadApplicationConfig, async ({ config, logger, bus, store, clock }) => ({
  service: await createService({
    bus,
    store,
    clock,
    logger,
    tokens: tokenVerifierFor(config),
    config,
  }),
}));
