/**
 * Answers asked for before the code that shows them has arrived. On a slow network the page's
 * code takes a second or more to download; a request started at the same time as that download
 * has its answer ready when the page first asks, instead of starting only then.
 * An answer is handed out once, to the same request (method, URL, body and token), and only while
 * it is fresh.
 */
const FRESH_MS = 15_000;

interface Early {
  key: string;
  at: number;
  response: Promise<Response>;
}
const early = new Map<string, Early>();

const keyOf = (method: string, url: string, authorization: string | null, body: string) =>
  `${method} ${new URL(url, location.href).href} ${authorization ?? ''} ${body}`;

/**
 * Starts the request now (or takes over `started`, the same request started before this code
 * arrived). The answer goes to whichever asks first: the page's own request (`takeEarly`) or the
 * caller, through the returned `claim` (undefined once the page took it).
 */
export function fetchEarly(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
  started?: Promise<Response>,
): () => Promise<Response | undefined> {
  const key = keyOf(init.method, url, init.headers.authorization ?? null, init.body);
  // A failed early request is simply not used: the page then asks again itself.
  const response = started ?? fetch(url, init);
  response.catch(() => early.delete(key));
  const entry = { key, at: Date.now(), response };
  early.set(key, entry);
  return async () => {
    if (early.get(key) !== entry) return undefined;
    early.delete(key);
    return response.catch(() => undefined);
  };
}

/** The early answer to this request, if one is waiting; otherwise undefined. */
export async function takeEarly(request: Request): Promise<Response | undefined> {
  if (early.size === 0) return undefined;
  const body = request.method === 'GET' ? '' : await request.clone().text();
  const key = keyOf(request.method, request.url, request.headers.get('authorization'), body);
  const found = early.get(key);
  if (!found) return undefined;
  early.delete(key);
  if (Date.now() - found.at > FRESH_MS) return undefined;
  return found.response.catch(() => undefined);
}
