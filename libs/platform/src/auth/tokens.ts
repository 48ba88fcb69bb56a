import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, importSPKI, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { tokenClaimsSchema, type Role, type TokenClaims } from '@moba/contracts';

export const TOKEN_ALGORITHM = 'EdDSA';
export const TOKEN_AUDIENCE = 'moba';
export const TOKEN_ISSUER = 'moba-auth';

export interface KeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

export function generateKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Reads the signing keys from a folder, creating them on first start. */
export function ensureKeyPair(dir: string): KeyPair {
  const privatePath = join(dir, 'jwt-private.pem');
  const publicPath = join(dir, 'jwt-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true });
    const pair = generateKeyPair();
    writeFileSync(privatePath, pair.privateKeyPem, { mode: 0o600 });
    writeFileSync(publicPath, pair.publicKeyPem);
  }
  return { privateKeyPem: readFileSync(privatePath, 'utf8'), publicKeyPem: readFileSync(publicPath, 'utf8') };
}

export interface AuthUser {
  id: string;
  role: Role;
  fullName: string;
  tokenVersion: number;
  /** The session (`sid`) a logout ends; absent in tokens issued before sessions had ids. */
  sessionId?: string;
  /** When the token expires (epoch seconds). */
  expiresAt?: number;
}

export interface TokenSigner {
  sign(user: AuthUser, ttlSeconds: number, extra?: Record<string, unknown>): Promise<string>;
}

export function createTokenSigner(privateKeyPem: string): TokenSigner {
  let key: Promise<CryptoKey> | undefined;
  return {
    async sign(user, ttlSeconds, extra = {}) {
      key ??= importPKCS8(privateKeyPem, TOKEN_ALGORITHM);
      return new SignJWT({
        role: user.role,
        fullName: user.fullName,
        tokenVersion: user.tokenVersion,
        ...extra,
      })
        .setProtectedHeader({ alg: TOKEN_ALGORITHM })
        .setSubject(user.id)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key);
    },
  };
}

export interface TokenVerifier {
  /** Resolves the user of a valid session token, or null when the token is bad, expired or foreign. */
  verify(token: string): Promise<AuthUser | null>;
}

/**
 * The PEM blocks of a JWT_PUBLIC_KEY value (or jwt-public.pem): one key, or during a key rotation the
 * new key and the old one, so sessions signed before the switch stay valid until they expire.
 */
export function publicKeysIn(pem: string): string[] {
  return pem.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [pem];
}

/** Session tokens kept verified per process (a herd's workers each send several requests with theirs). */
export const VERIFIED_TOKENS_KEPT = 20_000;

/**
 * Verifies session tokens against every key of publicKeyPem (see publicKeysIn), the first first. A
 * token that verified is remembered until it expires, so its signature is checked once per process,
 * not once per request (the EdDSA check was the largest part of a request's cost in the gateway and a
 * tenth of a service's). Only tokens that verified are kept, so made-up ones cannot push real ones
 * out; past `kept` the oldest go. Logout, bans and role changes are checked after this, per request
 * (token-state), as before.
 */
export function createTokenVerifier(
  publicKeyPem: string,
  { kept = VERIFIED_TOKENS_KEPT, nowSeconds = () => Math.floor(Date.now() / 1000) } = {},
): TokenVerifier {
  let keys: Promise<CryptoKey[]> | undefined;
  const payloadOf = async (token: string) => {
    keys ??= Promise.all(publicKeysIn(publicKeyPem).map((pem) => importSPKI(pem, TOKEN_ALGORITHM)));
    let failure: unknown;
    for (const key of await keys) {
      try {
        return (
          await jwtVerify(token, key, {
            algorithms: [TOKEN_ALGORITHM],
            audience: TOKEN_AUDIENCE,
            issuer: TOKEN_ISSUER,
            currentDate: new Date(nowSeconds() * 1000),
          })
        ).payload;
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  };
  const verified = new Map<string, AuthUser>();
  const remembered = (token: string) => {
    const user = verified.get(token);
    if (!user) return undefined;
    if (user.expiresAt! > nowSeconds()) return { ...user };
    verified.delete(token);
    return undefined;
  };
  const remember = (token: string, user: AuthUser) => {
    if (verified.size >= kept) verified.delete(verified.keys().next().value!);
    verified.set(token, user);
  };
  return {
    async verify(token) {
      const known = remembered(token);
      if (known) return known;
      try {
        const payload = await payloadOf(token);
        if (payload.purpose !== undefined) return null; // single-purpose tokens (email links) are not sessions
        const claims: TokenClaims = tokenClaimsSchema.parse(payload);
        const user: AuthUser = {
          id: claims.sub,
          role: claims.role,
          fullName: claims.fullName,
          tokenVersion: claims.tokenVersion,
          ...(claims.sid ? { sessionId: claims.sid } : {}),
          expiresAt: claims.exp,
        };
        remember(token, user);
        return { ...user };
      } catch {
        return null;
      }
    },
  };
}

export const bearerToken = (header: string | undefined): string | undefined =>
  header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
