import type { Role } from '@moba/contracts';

/** Claims of the login token (spec §3: role, exp, fullName; plus sub and tokenVersion). */
export interface TokenClaims {
  sub?: string;
  role?: string;
  fullName?: string;
  exp?: number;
  tokenVersion?: number;
}

const knownRoles: readonly Role[] = ['Worker', 'Estate', 'Admin'];

function base64UrlToText(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  // UTF-8 bytes → text without TextDecoder (names like Đorđe Šćekić must survive).
  return decodeURIComponent(
    Array.from(binary, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
  );
}

/** Reads the payload of a JWT without verifying it (the server verifies); null when undecodable. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlToText(parts[1]));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** The token is valid only while not expired; a token without exp counts as expired. */
export function isExpired(claims: TokenClaims, nowMs: number): boolean {
  return typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs;
}

/** Spec §4: expired or undecodable token → no role. */
export function roleOf(token: string | null | undefined, nowMs = Date.now()): Role | null {
  const claims = decodeToken(token);
  if (!claims || isExpired(claims, nowMs)) return null;
  return knownRoles.includes(claims.role as Role) ? (claims.role as Role) : null;
}
