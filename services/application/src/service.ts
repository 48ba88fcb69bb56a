import { createOutboxRelay, httpService, type BaseDeps, type Service } from '@moba/platform';
import type { ApplicationConfig } from './config';
import { openApplicationStore } from './store';
import type { AppContext } from './context';
import { applicationRoutes } from './http/routes';
import { subscribeAll } from './messaging/subscriptions';
import { ensureStatsShards, pruneStatsGuards } from './stats/stats';
import { reconcilePlaces } from './reconcile-places/reconcile-places';
import { inviteUnconsentedLinks } from './invite-crew-members/invite-crew-members';
import { createConfirmationSweep } from './ask-confirmations/confirmation-sweep';

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const RECONCILE_PLACES_EVERY_MS = 10 * 60 * 1000;

export interface ApplicationDeps extends BaseDeps {
  config: ApplicationConfig;
}

/** The one wiring point of the application service: store, routes, event handlers, lifecycle. */
export async function createService(deps: ApplicationDeps): Promise<Service> {
  const store = await openApplicationStore(deps.store);
  await ensureStatsShards(store);
  const relay = createOutboxRelay({
    ...deps,
    collections: [
      store.applications,
      store.guestApplications,
      store.closures,
      store.crews,
      store.crewInvitations,
      store.vacancies,
      store.standbyOffers,
      store.confirmations,
      store.broadcasts,
    ] as never,
  });
  const ctx: AppContext = {
    store,
    clock: deps.clock,
    logger: deps.logger,
    relay,
    crewLimits: {
      savesPerDay: deps.config.CREW_SAVES_PER_DAY,
      newPhonesPerDay: deps.config.CREW_NEW_PHONES_PER_DAY,
    },
  };
  const confirmationSweep = createConfirmationSweep(ctx, deps.config.CONFIRMATION_SWEEP_INTERVAL_MS);
  let subscribed = false;
  let pruneTimer: NodeJS.Timeout | undefined;
  let reconcileTimer: NodeJS.Timeout | undefined;
  const reconcile = () =>
    reconcilePlaces(ctx).catch((err) => deps.logger.warn({ err }, 'reconciling places failed; will retry'));
  const prune = () =>
    pruneStatsGuards(store, Date.now()).catch((err) =>
      deps.logger.warn({ err }, 'pruning stats guards failed; will retry'),
    );
  return httpService(
    {
      name: 'application',
      logger: deps.logger,
      routes: (express) => applicationRoutes(express, ctx, deps.tokens),
    },
    {
      async start() {
        if (!subscribed) {
          await subscribeAll(ctx, deps.bus, deps.store);
          subscribed = true;
        }
        relay.start();
        await inviteUnconsentedLinks(ctx);
        pruneTimer = setInterval(() => void prune(), PRUNE_EVERY_MS);
        pruneTimer.unref();
        reconcileTimer = setInterval(() => void reconcile(), RECONCILE_PLACES_EVERY_MS);
        reconcileTimer.unref();
        confirmationSweep.start();
      },
      async stop() {
        if (pruneTimer) clearInterval(pruneTimer);
        if (reconcileTimer) clearInterval(reconcileTimer);
        await confirmationSweep.stop();
        await relay.stop();
      },
    },
  );
}
