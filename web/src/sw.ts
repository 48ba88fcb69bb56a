/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa with Workbox, injectManifest): the app shell is
 * precached, route chunks are kept as they are first used, and the signed-in worker's last browse and
 * "my mobas" answers are kept so they show offline with the time they are from. Writes (an apply) are
 * never answered from a cache: offline they fail and the page says "you are offline".
 */
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precache } from 'workbox-precaching';
import {
  CACHED_AT_HEADER,
  OFFLINE_ANSWER_MESSAGE,
  PRIVATE_CACHE,
  type OfflineAnswerMessage,
} from './lib/offline';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// Workbox keeps the precache (download, revisions, old builds' caches). The few routes below are
// matched by hand: workbox-routing and its strategies would add a fifth to this worker's download.
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** How long a request may hang on a patchy network before the kept answer is shown. */
const NETWORK_TIMEOUT_MS = 10_000;

const withTimeout = (request: Request) =>
  Promise.race([
    fetch(request),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('network timeout')), NETWORK_TIMEOUT_MS),
    ),
  ]);

type Handler = (event: FetchEvent) => Promise<Response>;

/** The address without its #fragment: an icon's `<use>` asks for `/icons/sprite.svg#name`. */
const precacheUrl = (href: string) => href.split('#')[0]!;

/** The shell and icons: from the precache. */
const fromPrecache: Handler = async ({ request }) =>
  (await matchPrecache(precacheUrl(request.url))) ?? fetch(request);

/** Pages: from the network (pre-rendered pages stay fresh); offline, the app shell. */
const page: Handler = async ({ request }) => {
  try {
    return await withTimeout(request);
  } catch {
    return (await matchPrecache('/spa.html')) ?? Response.error();
  }
};

/** How many route chunks and styles are kept; older builds' files leave first. */
const KEPT_ASSETS = 120;
const ASSETS_CACHE = 'moba-assets';

/**
 * Hashed route chunks and styles: kept as first used (never changed under the same name). A cache
 * lists its entries in the order they were put, so the oldest beyond KEPT_ASSETS leave.
 */
const asset: Handler = async ({ request }) => {
  const cache = await caches.open(ASSETS_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, -KEPT_ASSETS).map((key) => cache.delete(key)));
  }
  return response;
};

/** The worker's answers kept for offline: browse (a POST with its filters) and what the pages around it read. */
const PRIVATE_ANSWERS: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/workers\/vacancies\/open$/ },
  { method: 'GET', path: /^\/api\/workers\/vacancies\/my\/(active|finished)$/ },
  { method: 'GET', path: /^\/api\/workers\/(me|applications)$/ },
  { method: 'GET', path: /^\/api\/users\/me$/ },
];

/** A POST is kept under its URL plus its body (the Cache API keys GET requests only). */
async function cacheKey(request: Request): Promise<string> {
  const url = new URL(request.url);
  if (request.method === 'POST') url.searchParams.set('__body', await request.clone().text());
  return url.toString();
}

async function tellPage(clientId: string, message: OfflineAnswerMessage) {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  const targets = client ? [client] : await self.clients.matchAll({ type: 'window' });
  for (const target of targets) target.postMessage(message);
}

/** The last answer from the network, stamped with its time; offline, the kept one, and the page is told. */
const privateAnswer: Handler = async (event) => {
  const { request } = event;
  const key = await cacheKey(request);
  try {
    const response = await withTimeout(request.clone());
    if (response.ok) {
      const headers = new Headers(response.headers);
      headers.set(CACHED_AT_HEADER, new Date().toISOString());
      const copy = new Response(await response.clone().blob(), { status: response.status, headers });
      const cache = await caches.open(PRIVATE_CACHE);
      await cache.put(key, copy);
    }
    return response;
  } catch (error) {
    const kept = await (await caches.open(PRIVATE_CACHE)).match(key);
    if (!kept) throw error;
    await tellPage(event.clientId, {
      type: OFFLINE_ANSWER_MESSAGE,
      path: new URL(request.url).pathname,
      cachedAt: kept.headers.get(CACHED_AT_HEADER) ?? new Date(0).toISOString(),
    });
    return kept;
  }
};

function handlerOf(request: Request): Handler | null {
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  if (request.method === 'GET' && getCacheKeyForURL(precacheUrl(url.href))) return fromPrecache;
  if (request.mode === 'navigate') return /^\/(api|dev)\//.test(url.pathname) ? null : page;
  if (request.method === 'GET' && url.pathname.startsWith('/assets/')) return asset;
  const kept = PRIVATE_ANSWERS.some((a) => a.method === request.method && a.path.test(url.pathname));
  return kept ? privateAnswer : null;
}

self.addEventListener('fetch', (event) => {
  const handler = handlerOf(event.request);
  if (handler) event.respondWith(handler(event));
});
