import { createPublicKey } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError, ensureKeyPair, type KeyPair } from '@moba/platform';
import type { AuthConfig } from './config';

/**
 * The key pair auth signs with: JWT_PRIVATE_KEY (its public half given as JWT_PUBLIC_KEY or derived
 * from it), else the pair in KEYS_DIR, made on first start. A public key given without its private
 * key would pair a file key nobody can verify with it: production refuses that, naming the variable.
 */
export function signingKeysOf(
  config: Pick<AuthConfig, 'NODE_ENV' | 'KEYS_DIR' | 'JWT_PRIVATE_KEY' | 'JWT_PUBLIC_KEY'>,
): KeyPair {
  if (config.JWT_PRIVATE_KEY)
    return {
      privateKeyPem: config.JWT_PRIVATE_KEY,
      publicKeyPem:
        config.JWT_PUBLIC_KEY ??
        createPublicKey(config.JWT_PRIVATE_KEY).export({ type: 'spki', format: 'pem' }).toString(),
    };
  if (config.JWT_PUBLIC_KEY && config.NODE_ENV === 'production')
    throw new ConfigError(
      ['JWT_PRIVATE_KEY'],
      'refusing to start in production:\n  JWT_PRIVATE_KEY: required with JWT_PUBLIC_KEY (auth would sign with a key of KEYS_DIR that JWT_PUBLIC_KEY does not verify)',
    );
  const files = ensureKeyPair(join(config.KEYS_DIR));
  return { privateKeyPem: files.privateKeyPem, publicKeyPem: config.JWT_PUBLIC_KEY ?? files.publicKeyPem };
}
