import { createFanout, runServiceProcess, serviceDepsOf } from '@moba/platform';
import { loadNotificationConfig } from './config';
import { createService } from './service';

/** Runs the notification service as its own process (distributed mode), with the fan-out its instances share. */
runServiceProcess('notification', loadNotificationConfig, async (deps) => {
  const fanout = await createFanout(deps.config.FANOUT_URL);
  const service = await createService({ ...serviceDepsOf(deps), fanout });
  return { service, close: () => fanout.close() };
});
