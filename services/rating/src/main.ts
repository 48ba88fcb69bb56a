import { runServiceProcess, systemClock, tokenVerifierFor } from '@moba/platform';
import { loadRatingConfig } from './config';
import { createService } from './service';

/** Runs the rating service as its own process (distributed mode). */
runServiceProcess('rating', loadRatingConfig, async ({ config, logger, bus, store }) => ({
  service: await createService({
    bus,
    store,
    clock: systemClock,
    logger,
    tokens: tokenVerifierFor(config),
    config,
  }),
}));
