import type { Clock, Logger, OutboxRelay } from '@moba/platform';
import type { ApplicationStore } from './store';
import type { CrewLimits } from './domain/crew';

/** What every use case of this service gets. */
export interface AppContext {
  store: ApplicationStore;
  clock: Clock;
  logger: Logger;
  relay: OutboxRelay;
  crewLimits: CrewLimits;
}
