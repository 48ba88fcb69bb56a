import type { Clock, Logger, OutboxRelay } from '@moba/platform';
import { calendarDay } from '@moba/contracts';
import type { VacancyConfig } from './config';
import type { VacancyStore } from './store';
import type { OpenVacanciesReadModel } from './browse-vacancies/open-vacancies-read-model';
import type { FairPayReadModel } from './fair-pay/fair-pay-read-model';
import type { WorkerPlaces } from './replicate-worker-place/replicate-worker-place';

/** What the use cases of this service share. */
export interface VacancyContext {
  store: VacancyStore;
  clock: Clock;
  config: VacancyConfig;
  logger: Logger;
  relay: OutboxRelay;
  readModel: OpenVacanciesReadModel;
  /** The wages of published mobas by crop (the fair-pay medians on browse cards). */
  fairPay: FairPayReadModel;
  /** Each worker's municipality, where a worker's browse measures distances from by default. */
  workerPlaces: WorkerPlaces;
}

/** Today's calendar day by the service clock (Serbian time). */
export const todayOf = (ctx: Pick<VacancyContext, 'clock'>) => calendarDay(ctx.clock.now());
