import { runServiceProcess, tokenVerifierFor } from '@moba/platform';
import { loadVacancyConfig } from './config';
import { createService } from './service';

/** Runs the vacancy service as its own process (distributed mode). */
runServiceProcess('vacancy', loadVacancyConfig, async ({ config, logger, bus, store, clock }) => ({
  service: await createService({
    bus,
    store,
    clock,
    logger,
    tokens: tokenVerifierFor(config),
    config,
  }),
}));
