import {
  AllSessionsEnded,
  PasswordChanged,
  SessionEnded,
  UserBanned,
  UserReactivated,
  type EventEnvelope,
} from '@moba/contracts';

/** A user's token state as the replicas hold it (the gateways, notification, payment). */
export interface ReplicatedTokenState {
  tokenVersion: number;
  banned: boolean;
}

/**
 * Whether a replica holding `held` takes `incoming`. Every change of a user's token state (password
 * change, "log out everywhere", ban, reactivation) raises the version, so the newer version wins and a
 * repeated, late or redriven older event (a UserBanned after the reactivation) changes nothing.
 * At the same version only the lifting of a ban is taken: reactivations made before they raised the
 * version kept the version of their ban, and their stored states and events must still lift it.
 */
export function supersedesTokenState(incoming: ReplicatedTokenState, held?: ReplicatedTokenState): boolean {
  if (!held) return true;
  if (incoming.tokenVersion !== held.tokenVersion) return incoming.tokenVersion > held.tokenVersion;
  return held.banned && !incoming.banned;
}

/** The auth.v1 events that set a user's token state, and whether each leaves the user banned. */
const tokenStateEvents = [
  [PasswordChanged, false],
  [UserBanned, true],
  [UserReactivated, false],
  [AllSessionsEnded, false],
] as const;

/**
 * The token state an auth.v1 event sets for its user, or undefined when the event sets none. A
 * malformed event throws, so the bus dead-letters it rather than a replica taking it.
 */
export function tokenStateChangeOf(
  event: EventEnvelope,
): (ReplicatedTokenState & { userId: string }) | undefined {
  for (const [definition, banned] of tokenStateEvents) {
    if (event.type !== definition.type) continue;
    const { userId, tokenVersion } = definition.envelope.parse(event).data;
    return { userId, tokenVersion, banned };
  }
  return undefined;
}

/** The session an auth.v1 SessionEnded logs out (its token is refused until `until`), or undefined. */
export function endedSessionOf(event: EventEnvelope) {
  return SessionEnded.is(event) ? SessionEnded.envelope.parse(event).data : undefined;
}
