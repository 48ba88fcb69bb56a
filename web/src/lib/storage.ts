import { clearPrivateCaches } from './offline';

/**
 * Browser storage of spec §3: auth token, worker, estate, role, notifications, user id, language.
 * Every read is guarded so the same code runs during the build-time pre-render (no window there).
 */
export const storageKeys = {
  token: 'token',
  worker: 'worker',
  estate: 'estate',
  role: 'role',
  notifications: 'notifications',
  userId: 'userId',
  language: 'language',
  /** Set once the "add Moba to the home screen" offer was shown on this phone. */
  installOffered: 'installOffered',
} as const;

/** Session-only keys (sessionStorage): the registration draft and the dismissed promo strip. */
export const sessionKeys = {
  registrationDraft: 'registrationDraft',
  promoDismissed: 'promoDismissed',
} as const;

const local = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const session = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

const listeners = new Set<() => void>();
/** Components re-read the session when it changes (login, logout, 401). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logged in or out: follow it.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === storageKeys.token) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
function emit(): void {
  for (const listener of listeners) listener();
}

export const getToken = (): string | null => local()?.getItem(storageKeys.token) ?? null;
export const getUserId = (): string | null => local()?.getItem(storageKeys.userId) ?? null;

export function saveSession(session: { token: string; userId: string; role: string | null }): void {
  const store = local();
  if (!store) return;
  store.setItem(storageKeys.token, session.token);
  store.setItem(storageKeys.userId, session.userId);
  if (session.role) store.setItem(storageKeys.role, session.role);
  emit();
}

/** What belongs to the phone, not the account: put back after a logout. */
const phoneKeys = [storageKeys.language, storageKeys.installOffered];

/**
 * Logout and any 401: everything we keep goes, both storages. The chosen language is put back, so a
 * user who reads English is not thrown into Serbian on the login page, and so is the install offer
 * once shown (it is not made twice on one phone).
 */
export function clearSession(): void {
  const store = local();
  const kept = phoneKeys.map((key) => [key, store?.getItem(key) ?? null] as const);
  store?.clear();
  session()?.clear();
  for (const [key, value] of kept) if (store && value !== null) store.setItem(key, value);
  void clearPrivateCaches();
  emit();
}

export const getLanguage = (): string | null => local()?.getItem(storageKeys.language) ?? null;
export const setLanguage = (language: string): void => local()?.setItem(storageKeys.language, language);

export function readSessionJson<T>(key: string): T | null {
  const raw = session()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
export const writeSessionJson = (key: string, value: unknown): void =>
  session()?.setItem(key, JSON.stringify(value));
export const removeSessionItem = (key: string): void => session()?.removeItem(key);
