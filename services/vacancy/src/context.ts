import type { Clock, Logger, OutboxRelay } from '@moba/platform';
import { calendarDay } from '@moba/contracts';
import type { VacancyConfig } from './config';
import type { VacancyStore } from './store';
import type { OpenVacanciesReadModel } from './browse-vacancies/open-vacancies-read-model';

/** What the use cases of this service share. */
export interface VacancyContext {
  store: VacancyStore;
  clock: Clock;
  config: VacancyConfig;
  logger: Logger;
  relay: OutboxRelay;
  readModel: OpenVacanciesReadModel;
}

/** Today's calendar day by the service clock (Serbian time). */
export const todayOf = (ctx: Pick<VacancyContext, 'clock'>) => calendarDay(ctx.clock.now());
