import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { RouteSpec } from '../../../gateway/src/route-table';
import { requestArbitrary, type FuzzRequest } from './fuzz-inputs';
import { settle, snapshotDiff, storeSnapshot } from './fuzz-product';

/**
 * Hostile input for every route of the gateway's table: generated bodies, query strings and path ids,
 * sent through the real gateway with a valid token of an allowed role. The property: never a 5xx,
 * every refusal in the product's error shape, and a refused request writes nothing to any store.
 */

export { startFileProduct, storeSnapshot, snapshotDiff } from './fuzz-product';

/** Routes the spec answers with a text body (payment create, 'Already applied', contact, guest 'already applied'). */
export const TEXT_ROUTES = new Set([
  'POST /payment/create',
  'POST /applications/create',
  'POST /contact-us',
  'POST /admin/applications/guest/:id/accept',
]);

/** Browser pages of the payment provider's sandbox checkout. */
export const HTML_ROUTES = new Set(['GET /payment/checkout/:id', 'POST /payment/checkout/:id/:outcome']);

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** '' when the answer keeps the promise; otherwise what is wrong. */
export function answerProblem(route: RouteSpec, answer: FuzzAnswer): string {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status < 400) return '';
  if (answer.contentType.startsWith('application/json')) {
    try {
      const body = JSON.parse(answer.text) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body?.error?.code === 'string' && typeof body.error.message === 'string') return '';
    } catch {
      return 'unparsable JSON error body';
    }
    return `JSON body without {error:{code,message}}: ${answer.text.slice(0, 120)}`;
  }
  // The sandbox checkout is a page a browser opens: its refusals are pages too; so is a refused
  // form post of a browser without JavaScript (htmlForm routes answer it with the form again).
  if (
    answer.contentType.startsWith('text/html') &&
    (HTML_ROUTES.has(`${route.method} ${route.path}`) || route.htmlForm === true) &&
    answer.text.length > 0
  )
    return '';
  if (
    answer.contentType.startsWith('text/plain') &&
    TEXT_ROUTES.has(`${route.method} ${route.path}`) &&
    answer.text.length > 0
  )
    return '';
  return `unexpected ${answer.status} ${answer.contentType}: ${answer.text.slice(0, 120)}`;
}

export async function send(
  baseUrl: string,
  route: RouteSpec,
  request: FuzzRequest,
  headers: Record<string, string>,
): Promise<FuzzAnswer> {
  const response = await fetch(baseUrl + request.path + request.query, {
    method: route.method,
    headers: { ...headers, ...(request.body !== undefined ? { 'content-type': request.contentType } : {}) },
    body: request.body,
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

export interface RouteFuzzResult {
  route: string;
  runs: number;
  statuses: Record<number, number>;
  failures: { request: FuzzRequest; problem: string }[];
}

/**
 * Runs `numRuns` generated requests on one route. A refused request (4xx) must leave every store as it
 * was; an accepted one (a generated input that happens to be valid) re-bases the snapshot.
 */
export async function fuzzRoute(
  product: { url: string; dataDir: string },
  route: RouteSpec,
  headers: Record<string, string>,
  { numRuns, seed, checkWrites = true }: { numRuns: number; seed: number; checkWrites?: boolean },
): Promise<RouteFuzzResult> {
  const result: RouteFuzzResult = {
    route: `${route.method} ${route.path}`,
    runs: 0,
    statuses: {},
    failures: [],
  };
  let snapshot = checkWrites ? await settle(product.dataDir, 200) : new Map<string, string>();
  const samples = fc.sample(requestArbitrary(route), { numRuns, seed });
  for (const request of samples) {
    const answer = await send(product.url, route, request, headers);
    result.runs++;
    result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
    let problem = answerProblem(route, answer);
    if (checkWrites) {
      if (answer.status >= 400 && !problem) {
        const changed = snapshotDiff(snapshot, storeSnapshot(product.dataDir));
        if (changed.length) {
          const tail = (f: string) =>
            readFileSync(join(product.dataDir, f.replace(/ \(removed\)$/, '')), 'utf8')
              .trimEnd()
              .split('\n')
              .pop()
              ?.slice(0, 200);
          problem = `refused (${answer.status}) but wrote ${changed.map((f) => `${f}: ${tail(f)}`).join(', ')}`;
          snapshot = await settle(product.dataDir, 200);
        }
      } else snapshot = await settle(product.dataDir, 200);
    }
    if (problem && result.failures.length < 5)
      result.failures.push({ request: { ...request, body: request.body?.slice(0, 300) }, problem });
  }
  return result;
}
