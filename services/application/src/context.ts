import type { Clock, Logger, OutboxRelay } from '@moba/platform';
import type { ApplicationStore } from './store';

/** What every use case of this service gets. */
export interface AppContext {
  store: ApplicationStore;
  clock: Clock;
  logger: Logger;
  relay: OutboxRelay;
}
