import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { forbidden, unauthenticated } from '../errors';
import type { RuntimeEnv } from '../config';
import { refuseMissingInProduction } from '../production';

/**
 * Service-to-service calls (the gateway asking auth for token states) carry a short-lived token
 * signed with a secret only the services hold (INTERNAL_SECRET, or KEYS_DIR/internal-secret made on
 * first start): `v1.<caller>.<expiresAtSeconds>.<HMAC-SHA256>`. A user's session token is never one.
 */
export const SERVICE_TOKEN_HEADER = 'x-moba-service-token';
const TTL_SECONDS = 60;

export const newInternalSecret = () => randomBytes(32).toString('base64url');

/** Reads KEYS_DIR/internal-secret, creating it on first start (the first process to get there wins). */
export function ensureInternalSecret(dir: string): string {
  const path = join(dir, 'internal-secret');
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path, newInternalSecret(), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Another process may have created the file a moment ago and not written it yet.
  for (let tries = 0; ; tries++) {
    const secret = readFileSync(path, 'utf8').trim();
    if (secret || tries === 50) return secret || fail(path);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

function fail(path: string): never {
  throw new Error(`INTERNAL_SECRET: ${path} is empty; delete it or set INTERNAL_SECRET`);
}

/**
 * The secret of a service process: INTERNAL_SECRET, else (outside production) the file in KEYS_DIR.
 * In production a process never makes its own: auth and the gateway would each hold a different one
 * (or the gateway would write into a read-only volume), and auth would refuse the gateway forever.
 */
export function internalSecretFor(
  config: Pick<RuntimeEnv, 'NODE_ENV' | 'INTERNAL_SECRET' | 'KEYS_DIR'>,
): string {
  refuseMissingInProduction(config, ['INTERNAL_SECRET']);
  return config.INTERNAL_SECRET ?? ensureInternalSecret(config.KEYS_DIR);
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function signServiceToken(secret: string, caller: string, nowMs = Date.now()): string {
  if (!/^[a-z][a-z0-9-]*$/.test(caller)) throw new Error(`bad service name ${caller}`);
  const payload = `v1.${caller}.${Math.floor(nowMs / 1000) + TTL_SECONDS}`;
  return `${payload}.${mac(secret, payload)}`;
}

/**
 * The secrets a service process accepts calls signed with: its own, and during a rotation the
 * previous one (INTERNAL_SECRET_PREVIOUS), so callers not yet rolled over are not refused.
 */
export function acceptedInternalSecrets(
  config: Pick<RuntimeEnv, 'NODE_ENV' | 'INTERNAL_SECRET' | 'INTERNAL_SECRET_PREVIOUS' | 'KEYS_DIR'>,
): string[] {
  const previous = config.INTERNAL_SECRET_PREVIOUS;
  return [internalSecretFor(config), ...(previous ? [previous] : [])];
}

/** The calling service's name, or null when the token is missing, forged (by none of the secrets) or expired. */
export function verifyServiceToken(
  secrets: string | readonly string[],
  token: string | undefined,
  nowMs = Date.now(),
) {
  const match = /^(v1\.([a-z][a-z0-9-]*)\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return null;
  const [, payload, caller, expires, signature] = match;
  const signed = (secret: string) =>
    timingSafeEqual(Buffer.from(mac(secret, payload)), Buffer.from(signature));
  if (!(typeof secrets === 'string' ? [secrets] : secrets).some(signed)) return null;
  if (Number(expires) * 1000 < nowMs) return null;
  return caller;
}

/** Lets through only calls signed by one of the named services: 401 without a valid token, 403 for others. */
export function requireServiceCaller(
  secrets: string | readonly string[],
  ...callers: string[]
): RequestHandler {
  return (req, _res, next) => {
    const caller = verifyServiceToken(secrets, req.header(SERVICE_TOKEN_HEADER));
    if (!caller) return next(unauthenticated());
    if (!callers.includes(caller)) return next(forbidden());
    next();
  };
}
