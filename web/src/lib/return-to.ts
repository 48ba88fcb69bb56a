/**
 * Where a visitor goes back to after signing in or signing up: the moba page they wanted to apply
 * from. Kept in localStorage for a day (the sign-up's confirmation link may open another tab).
 */
const KEY = 'returnTo';
const KEEP_MS = 24 * 60 * 60 * 1000;

const store = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function rememberReturnTo(path: string, now = Date.now()): void {
  store()?.setItem(KEY, JSON.stringify({ path, at: now }));
}

/** The remembered page (once: it is forgotten as it is read), if it is a page of this site and fresh. */
export function takeReturnTo(now = Date.now()): string | null {
  const raw = store()?.getItem(KEY);
  if (!raw) return null;
  store()?.removeItem(KEY);
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > KEEP_MS) return null;
    return path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
