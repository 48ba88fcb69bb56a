/**
 * What the service worker (src/sw.ts) and the page share about offline answers. The worker keeps the
 * signed-in worker's last browse and "my mobas" answers in PRIVATE_CACHE, each stamped with the time
 * it came from the server; when the network fails it answers from there and tells the page.
 */
export const PRIVATE_CACHE = 'moba-private-v1';
export const CACHED_AT_HEADER = 'x-moba-cached-at';
export const OFFLINE_ANSWER_MESSAGE = 'moba:offline-answer';

export interface OfflineAnswerMessage {
  type: typeof OFFLINE_ANSWER_MESSAGE;
  path: string;
  cachedAt: string;
}

/** Logout or a 401: no private answer may outlive the session on this phone. */
export function clearPrivateCaches(): Promise<boolean> {
  if (typeof caches === 'undefined') return Promise.resolve(false);
  return caches.delete(PRIVATE_CACHE).catch(() => false);
}
