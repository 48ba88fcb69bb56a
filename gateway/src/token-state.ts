import { PasswordChanged, topics, UserBanned, UserReactivated, type EventEnvelope } from '@moba/contracts';
import type { AuthUser, EventBus, Logger } from '@moba/platform';

interface UserTokenState {
  tokenVersion: number;
  banned: boolean;
}

export type TokenRefusal = 'revoked' | 'banned' | undefined;

/**
 * The gateway's small replica of each user's token version and ban state (ARCHITECTURE §6): a ban or
 * a password change takes effect on the user's next call, not at token expiry.
 */
export function createTokenStateReplica() {
  const users = new Map<string, UserTokenState>();

  const apply = (userId: string, tokenVersion: number, banned: boolean) => {
    const current = users.get(userId);
    // Events may arrive out of order across restarts; never move a version backwards.
    if (current && current.tokenVersion > tokenVersion) return;
    users.set(userId, { tokenVersion, banned });
  };

  /**
   * A state from the auth service's list: it may have been read before an event this replica already
   * heard (a reactivation keeps the version of the ban), so a user heard by event keeps that state.
   */
  const seed = (userId: string, tokenVersion: number, banned: boolean) => {
    if (!users.has(userId)) apply(userId, tokenVersion, banned);
  };

  return {
    apply,
    refusal(user: AuthUser): TokenRefusal {
      const state = users.get(user.id);
      if (!state) return undefined;
      if (state.banned) return 'banned';
      return user.tokenVersion < state.tokenVersion ? 'revoked' : undefined;
    },
    handle(event: EventEnvelope) {
      if (PasswordChanged.is(event)) apply(event.data.userId, event.data.tokenVersion, false);
      else if (UserBanned.is(event)) apply(event.data.userId, event.data.tokenVersion, true);
      else if (UserReactivated.is(event)) apply(event.data.userId, event.data.tokenVersion, false);
    },
    /** Subscribes as its own group per gateway instance, so every instance hears every change. */
    async subscribe(bus: EventBus, instanceId: string) {
      await bus.subscribe(topics.auth, `gateway-${instanceId}`, async (event) => this.handle(event), {
        transient: true,
      });
    },
    /** Loads the state so far from the auth service (call after subscribe); retries until it answers. */
    async bootstrap(authUrl: string, logger: Logger, signal: AbortSignal) {
      for (let attempt = 0; !signal.aborted; attempt++) {
        try {
          const response = await fetch(`${authUrl}/internal/token-states`, { signal });
          if (response.ok) {
            const states = (await response.json()) as {
              userId: string;
              tokenVersion: number;
              banned: boolean;
            }[];
            for (const s of states) seed(s.userId, s.tokenVersion, s.banned);
            return;
          }
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
