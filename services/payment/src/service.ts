import { createOutboxRelay, httpService, type BaseDeps, type Service } from '@moba/platform';
import type { PaymentConfig } from './config';
import { openPaymentStore } from './store';
import { createSandboxProvider } from './provider/sandbox-provider';
import type { PaymentProvider } from './provider/payment-provider';
import { mountPaymentRoutes } from './http/payment-router';
import { mountCheckoutRoutes } from './http/checkout-router';
import { subscribeToVacancyEvents } from './messaging/vacancy-events';
import { subscribeToSessionEvents } from './check-session/check-session';
import { cancelOpenCheckouts } from './cancel-open-checkouts/cancel-open-checkouts';
import { startExpiryJob } from './expire-payments/expire-payments';

export interface PaymentDeps extends BaseDeps {
  config: PaymentConfig;
  /** Replaces the sandbox for opening checkouts (tests of provider failures; a real provider adapter). */
  provider?: PaymentProvider;
}

/** The one wiring point of the payment service: store, routes, event handlers, lifecycle. */
export async function createService(deps: PaymentDeps): Promise<Service> {
  const { config, logger, clock, bus } = deps;
  const store = await openPaymentStore(deps.store);
  const relay = createOutboxRelay({ ...deps, collections: [store.payments] });
  const sandbox = createSandboxProvider({
    sessions: store.sandboxSessions,
    secret: config.PAYMENT_SANDBOX_SECRET,
    checkoutBaseUrl: `${config.PUBLIC_URL}${config.API_PREFIX}`,
    clock,
    ttlMinutes: config.PAYMENT_CHECKOUT_TTL_MINUTES,
    failure: config.PAYMENT_SANDBOX_FAILURE,
    logger,
  });
  const provider = deps.provider ?? sandbox;
  const useCaseDeps = { store, provider, config, clock, relay, logger, tokens: deps.tokens };

  let expiry: { stop(): void } | undefined;
  return httpService(
    {
      name: 'payment',
      logger,
      routes: (http) => {
        mountPaymentRoutes(http, useCaseDeps);
        mountCheckoutRoutes(http, sandbox, config.PUBLIC_URL);
      },
    },
    {
      start: async () => {
        await subscribeToVacancyEvents(bus, deps.store, store, (vacancyId) =>
          cancelOpenCheckouts(useCaseDeps, vacancyId),
        );
        await subscribeToSessionEvents(bus, deps.store, store);
        relay.start();
        expiry = startExpiryJob(
          useCaseDeps,
          config.PAYMENT_CHECKOUT_TTL_MINUTES,
          config.PAYMENT_EXPIRY_INTERVAL_MS,
        );
      },
      onListen: (listening) => sandbox.setCallbackUrl(`${listening.url}/payment/callback`),
      stop: async () => {
        expiry?.stop();
        await relay.stop();
      },
    },
  );
}
