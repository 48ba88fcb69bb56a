import { AllSessionsEnded, SessionEnded, topics } from '@moba/contracts';
import { pushEvents, type AuthUser } from '@moba/platform';
import { at, nowIso, type AuthContext } from '../context';
import type { UserDoc } from '../domain/user';

/**
 * Logout ends this session on the server: its id goes on the account's list of ended sessions until
 * the token would have expired anyway, and SessionEnded tells the gateway, the services that check
 * sessions and the live channel (its socket closes). A token from before sessions had ids cannot be
 * told apart from the account's others, so its logout ends every session.
 */
export async function endSession(ctx: AuthContext, user: UserDoc, session: AuthUser): Promise<{ ok: true }> {
  if (!session.sessionId || !session.expiresAt) return endAllSessions(ctx, user);
  const now = new Date().toISOString(); // token expiry runs on real time, not the dev clock
  const until = new Date(session.expiresAt * 1000).toISOString();
  await ctx.users.updateOne(
    { _id: user._id },
    pushEvents({ $push: { endedSessions: { sessionId: session.sessionId, until } } }, [
      {
        topic: topics.auth,
        event: SessionEnded.create(
          user._id,
          { userId: user._id, sessionId: session.sessionId, until },
          at(ctx),
        ),
      },
    ]),
  );
  // Sessions whose tokens expired need no entry any more.
  await ctx.users.updateOne({ _id: user._id }, { $pull: { endedSessions: { until: { $lt: now } } } });
  ctx.relay.kick();
  return { ok: true };
}

/** "Log out everywhere": the token version rises, so every token of the account ends at once. */
export async function endAllSessions(ctx: AuthContext, user: UserDoc): Promise<{ ok: true }> {
  const tokenVersion = user.tokenVersion + 1;
  await ctx.users.updateOne(
    { _id: user._id },
    pushEvents({ $max: { tokenVersion }, $set: { endedSessions: [], updatedAt: nowIso(ctx) } }, [
      {
        topic: topics.auth,
        event: AllSessionsEnded.create(user._id, { userId: user._id, tokenVersion }, at(ctx)),
      },
    ]),
  );
  ctx.relay.kick();
  return { ok: true };
}

/** Whether a token's session was logged out. */
export const sessionEnded = (user: Pick<UserDoc, 'endedSessions'>, session: Pick<AuthUser, 'sessionId'>) =>
  !!session.sessionId && (user.endedSessions ?? []).some((s) => s.sessionId === session.sessionId);
