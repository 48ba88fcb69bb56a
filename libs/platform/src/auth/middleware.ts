import type { RequestHandler } from 'express';
import type { Role } from '@moba/contracts';
import { forbidden, unauthenticated } from '../errors';
import { bearerToken, type AuthUser, type TokenVerifier } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

/** Requires a valid session token; with roles, also one of those roles. */
export function requireUser(verifier: TokenVerifier, ...roles: Role[]): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.header('authorization'));
    const user = token ? await verifier.verify(token) : null;
    if (!user) return next(unauthenticated());
    if (roles.length > 0 && !roles.includes(user.role)) return next(forbidden());
    req.user = user;
    next();
  };
}

/** Sets req.user when a valid token is present, and lets visitors through. */
export function optionalUser(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.header('authorization'));
    const user = token ? await verifier.verify(token) : null;
    if (user) req.user = user;
    next();
  };
}

/** The signed-in user of a request that passed requireUser. */
export function userOf(req: { user?: AuthUser }): AuthUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}
