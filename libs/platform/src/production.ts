import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config';
import { publicKeysIn } from './auth/tokens';

type Settings = Record<string, unknown>;

/**
 * What the example files (k8s/examples/, the READMEs, compose comments) put where a real value
 * belongs: `REPLACE-WITH-…`, `replace-me…`, `change-me…`, `xxxxx`. A value carrying one never goes live.
 */
const PLACEHOLDER = /(^|[^a-z])(?:replace|change)[-_ ]?(?:me|with)(?=[^a-z]|$)|x{5,}/i;

/** A value carries a placeholder from an example file. */
export const hasPlaceholder = (value: string) => PLACEHOLDER.test(value);

/** The value with each placeholder replaced (the deployment check fills the example Secret with stand-ins). */
export const replacePlaceholders = (value: string, fill: () => string) =>
  value.replace(new RegExp(PLACEHOLDER.source, 'gi'), (match, before: string | undefined) =>
    /^x+$/i.test(match) ? fill() : `${before ?? ''}${fill()}`,
  );

/** Secrets that sign or authenticate: long and random in production (e.g. `openssl rand -hex 32`). */
const SECRETS: Record<string, number> = {
  INTERNAL_SECRET: 32,
  INTERNAL_SECRET_PREVIOUS: 32,
  PAYMENT_SANDBOX_SECRET: 32,
  SMS_INBOUND_SECRET: 16,
};
/** A random secret of that length uses far more different characters than this. */
const MIN_DISTINCT_CHARACTERS = 10;
const MIN_ADMIN_PASSWORD = 12;

function weakSecret(value: unknown, minLength: number): string | undefined {
  const secret = String(value);
  if (secret.length < minLength)
    return `is ${secret.length} characters; use at least ${minLength} random ones (openssl rand -hex 32)`;
  if (new Set(secret).size < MIN_DISTINCT_CHARACTERS)
    return `uses ${new Set(secret).size} different characters, so it is not random; use openssl rand -hex 32`;
  return undefined;
}

/** A PEM key that does not parse, or one that is not Ed25519 (tokens are signed with EdDSA). */
function badKey(value: unknown, kind: 'public' | 'private'): string | undefined {
  try {
    const key = kind === 'public' ? createPublicKey(String(value)) : createPrivateKey(String(value));
    return key.asymmetricKeyType === 'ed25519'
      ? undefined
      : `is a ${key.asymmetricKeyType} key; tokens are signed with Ed25519`;
  } catch {
    return `is not a ${kind === 'public' ? 'SPKI' : 'PKCS#8'} PEM key`;
  }
}

/**
 * Settings that are right on a developer's machine and wrong in production. With NODE_ENV=production
 * a process refuses to start on any of them, naming the variable (ARCHITECTURE §2: production runs
 * Kafka, a shared store, a real mailer, a real SMS provider and a real payment provider, with real
 * secrets). One table, so the deployment check (test/deploy) applies the same rules to every manifest.
 */
const PRODUCTION_RULES: {
  variable: string;
  refuses: (value: unknown, settings: Settings) => string | undefined;
}[] = [
  {
    variable: 'EVENT_BUS_URL',
    refuses: (value) =>
      String(value).startsWith('memory://')
        ? 'memory:// carries events inside one process only; use kafka:// (or redis://)'
        : undefined,
  },
  {
    variable: 'STORE_URL',
    refuses: (value) => {
      const url = String(value);
      if (url.startsWith('file://'))
        return 'file:// keeps documents on this container’s disk (lost with the pod, never shared by replicas); use mongodb:// or postgres://';
      if (url.startsWith('memory://'))
        return 'memory:// forgets every document when the process stops; use mongodb:// or postgres://';
      return undefined;
    },
  },
  {
    variable: 'MAIL_URL',
    refuses: (value) =>
      String(value).startsWith('dev://')
        ? 'dev:// keeps mails in a dev mailbox nobody reads; use smtp:// or smtps://'
        : undefined,
  },
  {
    variable: 'SMS_URL',
    refuses: (value, settings) =>
      String(value).startsWith('dev://') && settings.SMS_DEV_IN_PRODUCTION !== true
        ? 'dev:// keeps SMS in a dev outbox nobody reads; use infobip://, or set SMS_DEV_IN_PRODUCTION=true on a demo deployment'
        : undefined,
  },
  {
    variable: 'PAYMENT_PROVIDER',
    refuses: (value, settings) =>
      value === 'sandbox' && settings.PAYMENT_SANDBOX_IN_PRODUCTION !== true
        ? 'the sandbox features vacancies without charging; plug in a real provider, or set PAYMENT_SANDBOX_IN_PRODUCTION=true on a demo deployment'
        : undefined,
  },
  ...Object.entries(SECRETS).map(([variable, minLength]) => ({
    variable,
    refuses: (value: unknown) => (value === undefined ? undefined : weakSecret(value, minLength)),
  })),
  {
    variable: 'ADMIN_PASSWORD',
    refuses: (value) =>
      value !== undefined && String(value).length < MIN_ADMIN_PASSWORD
        ? `is ${String(value).length} characters; the first admin's password needs at least ${MIN_ADMIN_PASSWORD} (or leave it unset: one is generated and logged once)`
        : undefined,
  },
  {
    // One key, or two during a rotation (docs/operations.md): each must be an Ed25519 key.
    variable: 'JWT_PUBLIC_KEY',
    refuses: (value) =>
      value === undefined
        ? undefined
        : publicKeysIn(String(value))
            .map((pem) => badKey(pem, 'public'))
            .find(Boolean),
  },
  {
    variable: 'JWT_PRIVATE_KEY',
    refuses: (value, settings) => {
      if (value === undefined) return undefined;
      const bad = badKey(value, 'private');
      const given =
        settings.JWT_PUBLIC_KEY === undefined ? [] : publicKeysIn(String(settings.JWT_PUBLIC_KEY));
      if (bad || !given.length || given.some((pem) => badKey(pem, 'public'))) return bad;
      const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
      const derived = spki(createPublicKey(String(value)));
      return given.some((pem) => spki(createPublicKey(pem)) === derived)
        ? undefined
        : 'does not match JWT_PUBLIC_KEY (nor any of its keys): every token auth signs would be refused';
    },
  },
];

/**
 * The production refusals of a parsed configuration: empty outside production. Placeholder values
 * come first (whatever the variable), then the rules above, one line per variable.
 */
export function productionRefusals(settings: Settings): string[] {
  if (settings.NODE_ENV !== 'production') return [];
  const refusals = new Map<string, string>();
  for (const [variable, value] of Object.entries(settings))
    if (typeof value === 'string' && PLACEHOLDER.test(value))
      refusals.set(variable, 'is a placeholder from an example file; set the real value');
  for (const { variable, refuses } of PRODUCTION_RULES) {
    if (!(variable in settings) || refusals.has(variable)) continue;
    const reason = refuses(settings[variable], settings);
    if (reason) refusals.set(variable, reason);
  }
  return [...refusals].map(([variable, reason]) => `${variable}: ${reason}`);
}

/** Stops the start of a production process configured for development (a ConfigError naming each variable). */
export function refuseDevelopmentSettingsInProduction(settings: Settings): void {
  const refusals = productionRefusals(settings);
  if (refusals.length)
    throw new ConfigError(
      refusals.map((r) => r.split(':')[0]),
      `refusing to start in production:\n  ${refusals.join('\n  ')}`,
    );
}

/** Why each variable a process declares required in production is: printed when one is missing. */
const WHY_REQUIRED: Record<string, string> = {
  INTERNAL_SECRET:
    'the one secret auth and the gateway share for /internal calls (e.g. openssl rand -hex 32, the same value for both); a process never makes its own in production',
};

/**
 * Variables a process needs in production that the embedded and distributed modes may leave out
 * (each process's config module lists them; the deployment check reads the same lists).
 */
export function missingInProduction(settings: Settings, required: readonly string[]): string[] {
  if (settings.NODE_ENV !== 'production') return [];
  return required
    .filter((variable) => settings[variable] === undefined || settings[variable] === '')
    .map(
      (variable) =>
        `${variable}: required in production${WHY_REQUIRED[variable] ? `: ${WHY_REQUIRED[variable]}` : ''}`,
    );
}

export function refuseMissingInProduction(settings: Settings, required: readonly string[]): void {
  const missing = missingInProduction(settings, required);
  if (missing.length)
    throw new ConfigError(
      missing.map((m) => m.split(':')[0]),
      `refusing to start in production:\n  ${missing.join('\n  ')}`,
    );
}

/**
 * Keys a process reads from a variable or, without it, from a file in KEYS_DIR (auth publishes the
 * public key there in compose). The deployment check asks every process for one of the two.
 */
export const KEY_FILES = { JWT_PUBLIC_KEY: 'jwt-public.pem' } as const;

/** A key from its variable or its file in KEYS_DIR; neither stops the start naming the variable. */
export function keyFromEnvOrFile(
  settings: { KEYS_DIR: string } & Partial<Record<keyof typeof KEY_FILES, string>>,
  variable: keyof typeof KEY_FILES,
): string {
  const given = settings[variable];
  if (given) return given;
  const path = join(settings.KEYS_DIR, KEY_FILES[variable]);
  if (!existsSync(path))
    throw new ConfigError(
      [variable],
      `invalid configuration:\n  ${variable}: not set, and ${path} (KEYS_DIR/${KEY_FILES[variable]}) does not exist; give the key auth signs with, or mount the folder auth publishes it to at KEYS_DIR`,
    );
  return readFileSync(path, 'utf8');
}
