import { runServiceProcess, serviceDepsOf } from '@moba/platform';
import { loadApplicationConfig } from './config';
import { createService } from './service';

/** Runs the application service as its own process (distributed mode). */
runServiceProcess('application', loadApplicationConfig, async (deps) => ({
  service: await createService(serviceDepsOf(deps)),
}));
