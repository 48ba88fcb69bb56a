import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createTokenVerifier,
  acceptedInternalSecrets,
  refuseMissingInProduction,
  runServiceProcess,
} from '@moba/platform';
import { AUTH_REQUIRED_IN_PRODUCTION, loadAuthConfig } from './config';
import { createService } from './service';
import { signingKeysOf } from './signing-keys';

/** The others verify tokens with this file (KEYS_DIR/jwt-public.pem on their side); the private key stays here. */
function publishPublicKey(dir: string, publicKeyPem: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'jwt-public.pem'), publicKeyPem);
}

/** The configuration, refused before any connection opens when production lacks what auth needs. */
function loadProcessConfig() {
  const config = loadAuthConfig();
  refuseMissingInProduction(config, AUTH_REQUIRED_IN_PRODUCTION);
  signingKeysOf(config); // a key pair that cannot work stops the start here
  return config;
}

/** Runs the auth service as its own process (distributed mode); it signs tokens, so it holds the private key. */
runServiceProcess('auth', loadProcessConfig, async ({ config, logger, bus, store, clock }) => {
  const { privateKeyPem, publicKeyPem } = signingKeysOf(config);
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
      internalSecret: acceptedInternalSecrets(config),
    }),
  };
});
