import { createOutboxRelay, httpService, type BaseDeps, type Service } from '@moba/platform';
import type { RatingConfig } from './config';
import { openRatingStore } from './store';
import { ratingRoutes } from './http/routes';
import { subscribeRating } from './messaging/subscriptions';
import { repairRatings } from './summarize-ratings/summarize-ratings';

export interface RatingDeps extends BaseDeps {
  config: RatingConfig;
}

const REPAIR_INTERVAL_MS = 60_000;

/** The one wiring point of the rating service: store, routes, event handlers, lifecycle. */
export async function createService(deps: RatingDeps): Promise<Service> {
  const store = await openRatingStore(deps.store);
  const relay = createOutboxRelay({ ...deps, collections: [store.ratings] });
  let repairTimer: NodeJS.Timeout | undefined;
  const repair = () =>
    repairRatings(store, relay, deps.clock, deps.logger).catch((err) =>
      deps.logger.error({ err }, 'rating repair failed'),
    );
  return httpService(
    {
      name: 'rating',
      logger: deps.logger,
      routes: (http) => ratingRoutes(http, deps.tokens, { store, relay, clock: deps.clock }),
    },
    {
      async start() {
        await subscribeRating(deps.bus, deps.store, store);
        relay.start();
        await repair();
        repairTimer = setInterval(() => void repair(), REPAIR_INTERVAL_MS);
        repairTimer.unref();
      },
      async stop() {
        if (repairTimer) clearInterval(repairTimer);
        await relay.stop();
      },
    },
  );
}
