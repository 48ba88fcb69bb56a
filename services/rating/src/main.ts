import { runServiceProcess, serviceDepsOf } from '@moba/platform';
import { loadRatingConfig } from './config';
import { createService } from './service';

/** Runs the rating service as its own process (distributed mode). */
runServiceProcess('rating', loadRatingConfig, async (deps) => ({
  service: await createService(serviceDepsOf(deps)),
}));
