import { useSyncExternalStore } from 'react';

/**
 * A notice for the login page ("your password was changed"), kept in memory: the session (and both
 * storages) is cleared at the same moment, and guards may redirect and remount the page on their
 * own, so the notice is not consumed on read; it lasts NOTICE_MS or until the next login.
 *
 * The login page subscribes instead of reading once: a call made with the just-revoked token can
 * get its 401 (and land on /login) before the password change itself has answered.
 */
export type LoginNotice = 'passwordChanged' | 'sessionEnded' | 'banned';
const NOTICE_MS = 30_000;
let pending: { notice: LoginNotice; at: number } | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function setLoginNotice(notice: LoginNotice, now = Date.now()): void {
  pending = { notice, at: now };
  changed();
}

export function readLoginNotice(now = Date.now()): LoginNotice | null {
  return pending && now - pending.at < NOTICE_MS ? pending.notice : null;
}

export function clearLoginNotice(): void {
  pending = null;
  changed();
}

export function subscribeLoginNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useLoginNotice = (): LoginNotice | null =>
  useSyncExternalStore(
    subscribeLoginNotice,
    () => readLoginNotice(),
    () => null,
  );
