import { runServiceProcess, tokenVerifierFor } from '@moba/platform';
import { loadRatingConfig } from './config';
import { createService } from './service';

/** Runs the rating service as its own process (distributed mode). */
runServiceProcess('rating', loadRatingConfig, async ({ config, logger, bus, store, clock }) => ({
  service: await createService({
    bus,
    store,
    clock,
    logger,
    tokens: tokenVerifierFor(config),
    config,
  }),
}));
