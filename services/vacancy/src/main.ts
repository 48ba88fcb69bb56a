import { runServiceProcess, serviceDepsOf } from '@moba/platform';
import { loadVacancyConfig } from './config';
import { createService } from './service';

/** Runs the vacancy service as its own process (distributed mode). */
runServiceProcess('vacancy', loadVacancyConfig, async (deps) => ({
  service: await createService(serviceDepsOf(deps)),
}));
