import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTokenVerifier, ensureKeyPair, internalSecretFor, runServiceProcess } from '@moba/platform';
import { loadAuthConfig } from './config';
import { createService } from './service';

/** The others verify tokens with this file (KEYS_DIR/jwt-public.pem on their side); the private key stays here. */
function publishPublicKey(dir: string, publicKeyPem: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'jwt-public.pem'), publicKeyPem);
}

/** Runs the auth service as its own process (distributed mode); it signs tokens, so it holds the private key. */
runServiceProcess('auth', loadAuthConfig, async ({ config, logger, bus, store, clock }) => {
  const fileKeys =
    config.JWT_PRIVATE_KEY && config.JWT_PUBLIC_KEY ? undefined : ensureKeyPair(join(config.KEYS_DIR));
  const privateKeyPem = config.JWT_PRIVATE_KEY ?? fileKeys!.privateKeyPem;
  const publicKeyPem = config.JWT_PUBLIC_KEY ?? fileKeys!.publicKeyPem;
  if (config.PUBLIC_KEY_DIR) publishPublicKey(config.PUBLIC_KEY_DIR, publicKeyPem);
  return {
    service: await createService({
      bus,
      store,
      clock,
      logger,
      tokens: createTokenVerifier(publicKeyPem),
      config,
      privateKeyPem,
      internalSecret: internalSecretFor(config),
    }),
  };
});
