import type { Request, RequestHandler } from 'express';
import { authErrorCodes, authErrorMessages, type Role } from '@moba/contracts';
import { AppError, bearerToken, forbidden, unauthenticated, type TokenVerifier } from '@moba/platform';
import type { UserDoc } from '../domain/user';
import type { Users } from '../store';
import { sessionEnded } from '../log-out/log-out';

const ACCOUNT = Symbol('account');
type WithAccount = Request & { [ACCOUNT]?: UserDoc };

/**
 * Requires a valid token whose tokenVersion is the user's current one (a password change or a ban
 * ends older tokens here too, not only at the gateway) and whose session was not logged out; with
 * roles, also one of those roles.
 */
export function requireAccount(tokens: TokenVerifier, users: Users, ...roles: Role[]): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.header('authorization'));
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) return next(unauthenticated());
    const user = await users.findOne({ _id: claims.id });
    if (
      !user ||
      user.banned ||
      user.tokenVersion !== claims.tokenVersion ||
      user.role !== claims.role ||
      sessionEnded(user, claims)
    ) {
      return next(new AppError(authErrorCodes.SESSION_EXPIRED, authErrorMessages.SESSION_EXPIRED));
    }
    if (roles.length > 0 && !roles.includes(user.role)) return next(forbidden());
    req.user = claims;
    (req as WithAccount)[ACCOUNT] = user;
    next();
  };
}

/** The current account document of a request that passed requireAccount. */
export function accountOf(req: Request): UserDoc {
  const user = (req as WithAccount)[ACCOUNT];
  if (!user) throw unauthenticated();
  return user;
}
