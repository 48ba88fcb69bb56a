import { join } from 'node:path';
import { createTokenVerifier, ensureKeyPair, runServiceProcess } from '@moba/platform';
import { loadAuthConfig } from './config';
import { createService } from './service';

/** Runs the auth service as its own process (distributed mode); it signs tokens, so it holds the private key. */
runServiceProcess('auth', loadAuthConfig, async ({ config, logger, bus, store, clock }) => {
  const fileKeys =
    config.JWT_PRIVATE_KEY && config.JWT_PUBLIC_KEY ? undefined : ensureKeyPair(join(config.KEYS_DIR));
  const privateKeyPem = config.JWT_PRIVATE_KEY ?? fileKeys!.privateKeyPem;
  const publicKeyPem = config.JWT_PUBLIC_KEY ?? fileKeys!.publicKeyPem;
  return {
    service: await createService({
      bus,
      store,
      clock,
      logger,
      tokens: createTokenVerifier(publicKeyPem),
      config,
      privateKeyPem,
    }),
  };
});
