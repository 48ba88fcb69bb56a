import { z } from 'zod';
import { topics, type EventEnvelope } from '@moba/contracts';
import {
  AppError,
  bearerToken,
  endedSessionOf,
  idempotentHandler,
  supersedesTokenState,
  tokenStateChangeOf,
  type AuthUser,
  type DocumentStore,
  type EventBus,
  type TokenVerifier,
} from '@moba/platform';
import type { RequestHandler } from 'express';
import type { AccountState, PaymentStore } from '../store';

const accountStateSchema = z.object({
  _id: z.string(),
  // A SessionEnded may be the first event heard of an account: version 0, not banned.
  tokenVersion: z.number().int().min(0).default(0),
  banned: z.boolean().default(false),
});

/**
 * Applies a session change when it is newer than the state held (supersedesTokenState): a repeated,
 * late or redriven older event changes nothing (a ban and its reactivation each raise the version).
 */
export async function recordSessionChange(
  store: PaymentStore,
  userId: string,
  tokenVersion: number,
  banned: boolean,
) {
  const current = await store.accounts.findOne({ _id: userId });
  const held = current ? accountStateSchema.parse(current) : undefined;
  if (!supersedesTokenState({ tokenVersion, banned }, held)) return;
  const next: Omit<AccountState, 'endedSessions'> = { _id: userId, tokenVersion, banned };
  await store.accounts.updateOne({ _id: userId }, { $set: next }, { upsert: true });
}

/** One session logged out: its token is refused until it expires (older entries are dropped). */
export async function recordSessionEnded(
  store: PaymentStore,
  userId: string,
  sessionId: string,
  until: string,
) {
  await store.accounts.updateOne(
    { _id: userId },
    { $push: { endedSessions: { sessionId, until } } },
    { upsert: true },
  );
  await store.accounts.updateOne(
    { _id: userId },
    { $pull: { endedSessions: { until: { $lt: new Date().toISOString() } } } },
  );
}

/** auth.v1 → the session replica. Other types are ignored. */
export async function subscribeToSessionEvents(bus: EventBus, documents: DocumentStore, store: PaymentStore) {
  const handler = await idempotentHandler(
    documents,
    'payment.session-replica',
    async (event: EventEnvelope) => {
      const change = tokenStateChangeOf(event);
      if (change) await recordSessionChange(store, change.userId, change.tokenVersion, change.banned);
      const ended = endedSessionOf(event);
      if (ended) await recordSessionEnded(store, ended.userId, ended.sessionId, ended.until);
    },
  );
  await bus.subscribe(topics.auth, 'payment', handler);
}

export const sessionEndedError = () =>
  new AppError('AUTH.SESSION_EXPIRED', 'authentication required', undefined, 'authentication required');

/**
 * Like optionalUser: a visitor may call (donations), but a token older than the user's latest password
 * change, or of a banned user, answers 401 — "after any password change the user is logged out" (spec §4).
 */
export function sessionUser(tokens: TokenVerifier, store: PaymentStore): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.header('authorization'));
    const user: AuthUser | null = token ? await tokens.verify(token) : null;
    if (user) {
      const state = await store.accounts.findOne({ _id: user.id });
      const ended = !!user.sessionId && !!state?.endedSessions?.some((s) => s.sessionId === user.sessionId);
      const known = state ? accountStateSchema.parse(state) : undefined;
      if (ended || (known && (known.banned || user.tokenVersion < known.tokenVersion))) {
        res.setHeader('x-error-code', 'AUTH.SESSION_EXPIRED');
        return next(sessionEndedError());
      }
      req.user = user;
    }
    next();
  };
}
