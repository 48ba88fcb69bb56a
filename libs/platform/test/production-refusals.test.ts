import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConfigError,
  generateKeyPair,
  internalSecretFor,
  keyFromEnvOrFile,
  missingInProduction,
  productionRefusals,
  runtimeEnvSchema,
} from '../src';

/** Issue #34 points 1 and 3: what would go live broken is refused at start, naming the variable. */
const keys = generateKeyPair();
const strong = () => randomBytes(32).toString('hex');
/** A production environment with nothing to refuse: the rules below each break one variable of it. */
const sound = () => ({
  NODE_ENV: 'production',
  EVENT_BUS_URL: 'kafka://kafka:9092',
  STORE_URL: 'mongodb://moba:s3cr3t-Pa55@mongo:27017/moba',
  INTERNAL_SECRET: strong(),
  JWT_PUBLIC_KEY: keys.publicKeyPem,
  JWT_PRIVATE_KEY: keys.privateKeyPem,
  PAYMENT_SANDBOX_SECRET: strong(),
  SMS_INBOUND_SECRET: strong(),
  ADMIN_PASSWORD: 'a long and unguessable sentence',
});
const refused = (change: Record<string, unknown>) =>
  productionRefusals({ ...sound(), ...change }).map((r) => r.split(':')[0]);
const reasonFor = (change: Record<string, unknown>) =>
  productionRefusals({ ...sound(), ...change }).join('\n');

describe('production refusals', () => {
  it('find nothing in a sound production environment, and nothing at all outside production', () => {
    expect(productionRefusals(sound())).toEqual([]);
    expect(productionRefusals({ ...sound(), NODE_ENV: 'development', STORE_URL: 'file://./data' })).toEqual(
      [],
    );
  });

  it('refuse file:// and memory:// stores, which lose documents and are never shared by replicas', () => {
    expect(refused({ STORE_URL: 'file:///data' })).toEqual(['STORE_URL']);
    expect(refused({ STORE_URL: 'memory://' })).toEqual(['STORE_URL']);
    expect(refused({ STORE_URL: 'postgres://moba:pw@pg:5432/moba' })).toEqual([]);
    // The schema's default is a file store: a production process without STORE_URL is refused too.
    const defaults = runtimeEnvSchema.parse({ NODE_ENV: 'production', EVENT_BUS_URL: 'kafka://k:9092' });
    expect(productionRefusals(defaults).map((r) => r.split(':')[0])).toEqual(['STORE_URL']);
  });

  it.each([
    [
      'the example Secret’s key',
      'JWT_PRIVATE_KEY',
      '-----BEGIN PRIVATE KEY-----\nREPLACE-WITH-AN-ED25519-PKCS8-KEY\n-----END PRIVATE KEY-----\n',
    ],
    ['the example admin password', 'ADMIN_PASSWORD', 'replace-me-with-a-long-password'],
    ['the compose comment’s admin password', 'ADMIN_PASSWORD', 'change-me-please'],
    [
      'a store URL with the example password',
      'STORE_URL',
      'mongodb://moba:replace-me@mongo.mongo.svc:27017/moba',
    ],
    [
      'the example Infobip URL',
      'SMS_URL',
      'infobip://replace-with-the-api-key@xxxxx.api.infobip.com?sender=Moba',
    ],
    ['an old compose default', 'PAYMENT_SANDBOX_SECRET', 'compose-sandbox-secret-change-me'],
    ['a placeholder in any variable', 'MAIL_FROM', 'Moba <REPLACE-ME@moba.rs>'],
  ])('refuse %s as a placeholder, naming %s', (_case, variable, value) => {
    expect(refused({ [variable]: value })).toEqual([variable]);
    expect(reasonFor({ [variable]: value })).toContain(`${variable}: is a placeholder`);
  });

  it('take no ordinary value for a placeholder', () => {
    expect(refused({ PUBLIC_URL: 'https://change-log.moba.rs', MAIL_FROM: 'Exchange <me@moba.rs>' })).toEqual(
      [],
    );
  });

  it('refuse short or repetitive secrets and a short admin password', () => {
    expect(refused({ INTERNAL_SECRET: 'abc' })).toEqual(['INTERNAL_SECRET']);
    expect(refused({ INTERNAL_SECRET: 'a'.repeat(64) })).toEqual(['INTERNAL_SECRET']);
    expect(reasonFor({ INTERNAL_SECRET: '0101'.repeat(16) })).toMatch(/INTERNAL_SECRET: .*not random/);
    expect(refused({ PAYMENT_SANDBOX_SECRET: 'sixteen-chars-ok' })).toEqual(['PAYMENT_SANDBOX_SECRET']);
    expect(refused({ SMS_INBOUND_SECRET: 'short' })).toEqual(['SMS_INBOUND_SECRET']);
    expect(refused({ ADMIN_PASSWORD: 'moba2026' })).toEqual(['ADMIN_PASSWORD']);
    expect(refused({ ADMIN_PASSWORD: undefined, SMS_INBOUND_SECRET: undefined })).toEqual([]);
  });

  it('refuse keys that do not parse, are not Ed25519, or do not belong together', () => {
    expect(refused({ JWT_PUBLIC_KEY: 'not a key' })).toEqual(['JWT_PUBLIC_KEY']);
    expect(refused({ JWT_PUBLIC_KEY: generateKeyPair().publicKeyPem })).toEqual(['JWT_PRIVATE_KEY']);
    expect(reasonFor({ JWT_PUBLIC_KEY: generateKeyPair().publicKeyPem })).toMatch(
      /JWT_PRIVATE_KEY: does not match JWT_PUBLIC_KEY/,
    );
  });
});

describe('variables production requires', () => {
  it('are named when missing, in production only', () => {
    expect(missingInProduction({ NODE_ENV: 'production' }, ['INTERNAL_SECRET'])).toEqual([
      expect.stringMatching(
        /^INTERNAL_SECRET: required in production: the one secret auth and the gateway share/,
      ),
    ]);
    expect(missingInProduction({ NODE_ENV: 'development' }, ['INTERNAL_SECRET'])).toEqual([]);
  });

  it('include INTERNAL_SECRET: a production process never makes its own (it would write into KEYS_DIR)', () => {
    const keysDir = mkdtempSync(join(tmpdir(), 'moba-keys-'));
    try {
      const attempt = () => internalSecretFor({ NODE_ENV: 'production', KEYS_DIR: keysDir });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/INTERNAL_SECRET: required in production/);
      const secret = strong();
      expect(internalSecretFor({ NODE_ENV: 'production', KEYS_DIR: keysDir, INTERNAL_SECRET: secret })).toBe(
        secret,
      );
      // Outside production the file in KEYS_DIR is still made on first start.
      expect(internalSecretFor({ NODE_ENV: 'development', KEYS_DIR: keysDir })).toHaveLength(43);
    } finally {
      rmSync(keysDir, { recursive: true, force: true });
    }
  });
});

describe('a key read from KEYS_DIR', () => {
  it('names its variable when neither the variable nor the file is there (not a bare ENOENT)', () => {
    const keysDir = mkdtempSync(join(tmpdir(), 'moba-keys-'));
    try {
      const read = () => keyFromEnvOrFile({ KEYS_DIR: keysDir }, 'JWT_PUBLIC_KEY');
      expect(read).toThrow(ConfigError);
      expect(read).toThrow(
        /JWT_PUBLIC_KEY: not set, and .*jwt-public\.pem \(KEYS_DIR\/jwt-public\.pem\) does not exist/,
      );
      writeFileSync(join(keysDir, 'jwt-public.pem'), keys.publicKeyPem);
      expect(read()).toBe(keys.publicKeyPem);
      expect(keyFromEnvOrFile({ KEYS_DIR: '/nowhere', JWT_PUBLIC_KEY: 'given' }, 'JWT_PUBLIC_KEY')).toBe(
        'given',
      );
    } finally {
      rmSync(keysDir, { recursive: true, force: true });
    }
  });
});
