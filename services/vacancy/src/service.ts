import type { Express } from 'express';
import { createOutboxRelay, httpService, type BaseDeps, type Service } from '@moba/platform';
import type { VacancyConfig } from './config';
import { openVacancyStore } from './store';
import { todayOf, type VacancyContext } from './context';
import { createFairPayReadModel } from './fair-pay/fair-pay-read-model';
import { followWages, storedWageRows } from './fair-pay/follow-wages';
import { createWorkerPlaces } from './replicate-worker-place/replicate-worker-place';
import { createOpenVacanciesReadModel } from './browse-vacancies/open-vacancies-read-model';
import { followVacancyChanges } from './browse-vacancies/follow-vacancy-changes';
import { advanceStatuses, createStatusScheduler } from './advance-statuses/advance-statuses';
import { subscribeVacancyHandlers } from './messaging/handlers';
import { vacancyRoutes } from './http/routes';

export interface VacancyDeps extends BaseDeps {
  config: VacancyConfig;
  /** Extra routes mounted before the 404 handler (the browse bench's trivial endpoint); not used in production. */
  extraRoutes?: (app: Express, ctx: VacancyContext) => void;
}

export interface VacancyService extends Service {
  /** The use-case context (tests drive the status job through it). */
  context: VacancyContext;
  /** Runs the status job once now (tests move the clock, then call this). */
  runStatusJob(): ReturnType<typeof advanceStatuses>;
}

/** The one wiring point of the vacancy service: store, read model, routes, event handlers, status job. */
export async function createService(deps: VacancyDeps): Promise<VacancyService> {
  const store = await openVacancyStore(deps.store);
  const relay = createOutboxRelay({ ...deps, collections: [store.vacancies] });
  const fairPay = createFairPayReadModel();
  const today = () => todayOf({ clock: deps.clock });
  const readModel = createOpenVacanciesReadModel(store.vacancies, {
    decorate: (item) => {
      const figures = fairPay.fairPayOf(item, today());
      return figures ? { ...item, fairPay: figures } : item;
    },
    stamp: () => `${fairPay.version()}|${today()}`,
  });
  const ctx: VacancyContext = {
    store,
    clock: deps.clock,
    config: deps.config,
    logger: deps.logger,
    relay,
    readModel,
    fairPay,
    workerPlaces: createWorkerPlaces(store.workerPlaces),
  };
  const scheduler = createStatusScheduler(ctx);
  let ready = false;

  const lifecycle = httpService(
    {
      name: 'vacancy',
      logger: deps.logger,
      isReady: () => ready,
      routes: (express) => {
        vacancyRoutes(express, ctx, deps.tokens);
        deps.extraRoutes?.(express, ctx);
      },
    },
    {
      start: async () => {
        // Follow first, then load: a change made in between is in the load or in an event (or both).
        await followVacancyChanges(deps.bus, readModel, ctx.workerPlaces);
        await readModel.load();
        await ctx.workerPlaces.load();
        await followWages(deps.bus, fairPay);
        fairPay.recount(storedWageRows(await store.vacancies.find({})));
        await subscribeVacancyHandlers(ctx, deps.bus, deps.store);
        relay.start();
        scheduler.start();
        ready = true;
      },
      stop: async () => {
        ready = false;
        await scheduler.stop();
        await relay.stop();
      },
    },
  );
  return { ...lifecycle, context: ctx, runStatusJob: () => advanceStatuses(ctx) };
}
