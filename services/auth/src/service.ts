import { resolve } from 'node:path';
import {
  createOutboxRelay,
  createTokenSigner,
  httpService,
  type BaseDeps,
  type Service,
} from '@moba/platform';
import type { AuthConfig } from './config';
import type { AuthContext } from './context';
import { openAuthStore } from './store';
import { authRoutes } from './http/routes';
import { subscribeAuth } from './messaging/subscriptions';
import { ensureAdmin } from './ensure-admin/ensure-admin';
import { createAddressFailureLimiter } from './domain/login-failures';

export interface AuthDeps extends BaseDeps {
  config: AuthConfig;
  /** The token signing key (PKCS#8 PEM); its public half is what `tokens` verifies with. */
  privateKeyPem: string;
  /**
   * Checks the service tokens of internal calls (/internal/token-states: the gateway only): the
   * secret, or during a rotation the new and the previous one.
   */
  internalSecret: string | readonly string[];
  /** Where the first-start admin box is printed (console.log by default). */
  print?: (text: string) => void;
}

/** The one wiring point of the auth service: store, routes, outbox relay, first-start admin, lifecycle. */
export async function createService(deps: AuthDeps): Promise<Service> {
  const { users, auditLog } = await openAuthStore(deps.store);
  const relay = createOutboxRelay({ ...deps, collections: [users] });
  const ctx: AuthContext & { photosDir: string } = {
    users,
    auditLog,
    clock: deps.clock,
    config: deps.config,
    signer: createTokenSigner(deps.privateKeyPem),
    relay,
    logger: deps.logger,
    photosDir: resolve(deps.config.PHOTOS_DIR),
    addressFailures: createAddressFailureLimiter({
      max: deps.config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: deps.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    }),
  };
  return httpService(
    {
      name: 'auth',
      logger: deps.logger,
      routes: (app) => authRoutes(app, ctx, deps.tokens, deps.internalSecret),
    },
    {
      async start() {
        await subscribeAuth(deps.bus, auditLog);
        await ensureAdmin(ctx, deps.print);
        relay.start();
      },
      async stop() {
        await relay.stop();
      },
    },
  );
}
