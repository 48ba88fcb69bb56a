import { topics, type EventEnvelope } from '@moba/contracts';
import {
  endedSessionOf,
  SERVICE_TOKEN_HEADER,
  signServiceToken,
  supersedesTokenState,
  tokenStateChangeOf,
  type AuthUser,
  type EventBus,
  type Logger,
  type ReplicatedTokenState,
} from '@moba/platform';

export type TokenRefusal = 'revoked' | 'banned' | undefined;

/**
 * The gateway's small replica of each user's token version and ban state (ARCHITECTURE §6): a ban or
 * a password change takes effect on the user's next call, not at token expiry.
 */
export function createTokenStateReplica() {
  const users = new Map<string, ReplicatedTokenState>();
  /** Logged-out sessions → when their tokens expire (then they need no remembering). */
  const endedSessions = new Map<string, number>();
  const endSession = (sessionId: string, until: string) => {
    const untilMs = Date.parse(until);
    if (untilMs > Date.now()) endedSessions.set(sessionId, untilMs);
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [sessionId, until] of endedSessions) if (until <= now) endedSessions.delete(sessionId);
  }, 60_000);
  sweep.unref();

  /**
   * Takes a state from an event or from the auth service's list (which may have been read before an
   * event this replica already heard) only when it is newer than the one held: events repeat, arrive
   * late or are redriven, and a ban must not return after its reactivation.
   */
  const apply = (userId: string, tokenVersion: number, banned: boolean) => {
    const incoming = { tokenVersion, banned };
    if (supersedesTokenState(incoming, users.get(userId))) users.set(userId, incoming);
  };

  return {
    apply,
    refusal(user: AuthUser): TokenRefusal {
      if (user.sessionId && (endedSessions.get(user.sessionId) ?? 0) > Date.now()) return 'revoked';
      const state = users.get(user.id);
      if (!state) return undefined;
      if (state.banned) return 'banned';
      return user.tokenVersion < state.tokenVersion ? 'revoked' : undefined;
    },
    /** A malformed event throws: the bus dead-letters it rather than corrupting the replica. */
    handle(event: EventEnvelope) {
      const change = tokenStateChangeOf(event);
      if (change) apply(change.userId, change.tokenVersion, change.banned);
      const ended = endedSessionOf(event);
      if (ended) endSession(ended.sessionId, ended.until);
    },
    /** Subscribes as its own group per gateway instance, so every instance hears every change. */
    async subscribe(bus: EventBus, instanceId: string) {
      await bus.subscribe(topics.auth, `gateway-${instanceId}`, async (event) => this.handle(event), {
        transient: true,
      });
    },
    /**
     * Loads the state so far from the auth service (call after subscribe); retries until it answers.
     * The call is signed with the services' internal secret (auth answers nobody else).
     */
    async bootstrap(authUrl: string, logger: Logger, signal: AbortSignal, internalSecret: string) {
      for (let attempt = 0; !signal.aborted; attempt++) {
        try {
          const response = await fetch(`${authUrl}/internal/token-states`, {
            signal,
            headers: { [SERVICE_TOKEN_HEADER]: signServiceToken(internalSecret, 'gateway') },
          });
          if (response.ok) {
            const states = (await response.json()) as {
              userId: string;
              tokenVersion: number;
              banned: boolean;
              endedSessions?: { sessionId: string; until: string }[];
            }[];
            for (const s of states) {
              apply(s.userId, s.tokenVersion, s.banned);
              for (const ended of s.endedSessions ?? []) endSession(ended.sessionId, ended.until);
            }
            return;
          }
          if (response.status === 401 || response.status === 403)
            logger.error(
              { status: response.status },
              'auth refused the token-state call: check INTERNAL_SECRET',
            );
        } catch {
          /* auth not up yet */
        }
        if (attempt === 10) logger.warn('auth service has not answered token states yet; still trying');
        await new Promise((r) => setTimeout(r, Math.min(2000, 100 * 2 ** attempt)));
      }
    },
  };
}
export type TokenStateReplica = ReturnType<typeof createTokenStateReplica>;
