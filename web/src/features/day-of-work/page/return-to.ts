/**
 * Where a visitor goes back to after signing up (and confirming the e-mail, maybe in another tab) and
 * signing in: the moba page they wanted to apply from, kept in localStorage for a day.
 */
const KEY = 'returnTo';
const KEEP_MS = 24 * 60 * 60 * 1000;

const store = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function rememberReturnTo(path: string, now = Date.now()): void {
  store()?.setItem(KEY, JSON.stringify({ path, at: now }));
}

/** The remembered page, if it is a page of this site and fresh. */
export function returnToPath(now = Date.now()): string | undefined {
  try {
    const { path, at } = JSON.parse(store()?.getItem(KEY) ?? 'null') as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > KEEP_MS) return undefined;
    return path.startsWith('/') && !path.startsWith('//') ? path : undefined;
  } catch {
    return undefined;
  }
}
