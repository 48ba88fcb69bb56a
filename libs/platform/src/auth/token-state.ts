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
