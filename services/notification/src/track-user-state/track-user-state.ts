import { wsCloseCodes, type Role } from '@moba/contracts';
import { supersedesTokenState } from '@moba/platform';
import type { LiveChannel } from '../live/live-channel';
import type { NotificationStore, UserReplicaDoc } from '../store';

/** Creates the user's replica when it is the first heard of them, and keeps a role heard. */
async function updateUser(store: NotificationStore, userId: string, change: { role?: Role }) {
  const current = await store.users.findOne({ _id: userId });
  const next: UserReplicaDoc = {
    _id: userId,
    tokenVersion: current?.tokenVersion ?? 0,
    banned: current?.banned ?? false,
    ...((change.role ?? current?.role) ? { role: change.role ?? current?.role } : {}),
  };
  await store.users.updateOne({ _id: userId }, { $set: next }, { upsert: true });
}

/**
 * Takes a token state from an auth event only when it is newer than the one held (events repeat,
 * arrive late or are redriven: a ban must not return after its reactivation). Without `banned` (a
 * password change, "log out everywhere") the ban state held stays. Resolves whether it was taken.
 */
async function applyTokenState(
  store: NotificationStore,
  userId: string,
  tokenVersion: number,
  banned?: boolean,
): Promise<boolean> {
  const current = await store.users.findOne({ _id: userId });
  const incoming = { tokenVersion, banned: banned ?? current?.banned ?? false };
  if (!supersedesTokenState(incoming, current ?? undefined)) return false;
  await store.users.updateOne({ _id: userId }, { $set: { _id: userId, ...incoming } }, { upsert: true });
  return true;
}

export const rememberUserRole = (store: NotificationStore, userId: string, role: Role) =>
  updateUser(store, userId, { role });

/** A banned user's sockets close everywhere (4403) and later greetings are refused. */
export async function banUser(
  store: NotificationStore,
  live: LiveChannel,
  userId: string,
  tokenVersion: number,
) {
  if (await applyTokenState(store, userId, tokenVersion, true))
    await live.closeUser(userId, wsCloseCodes.banned, 'banned');
}

export const reactivateUser = (store: NotificationStore, userId: string, tokenVersion: number) =>
  applyTokenState(store, userId, tokenVersion, false);

/** After a password change the user is logged out: sockets greeted with an older token close (4401). */
export async function revokeOlderTokens(
  store: NotificationStore,
  live: LiveChannel,
  userId: string,
  tokenVersion: number,
) {
  await applyTokenState(store, userId, tokenVersion);
  await live.closeUser(userId, wsCloseCodes.unauthenticated, 'token revoked', tokenVersion);
}

/** One session logged out: its sockets close (4401) and its later greetings are refused. */
export async function endSession(
  store: NotificationStore,
  live: LiveChannel,
  userId: string,
  sessionId: string,
  until: string,
) {
  await updateUser(store, userId, {});
  await store.users.updateOne({ _id: userId }, { $push: { endedSessions: { sessionId, until } } });
  await store.users.updateOne(
    { _id: userId },
    { $pull: { endedSessions: { until: { $lt: new Date().toISOString() } } } },
  );
  await live.closeSession(userId, sessionId, wsCloseCodes.unauthenticated, 'session ended');
}
