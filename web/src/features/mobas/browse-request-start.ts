/**
 * The browse shell's first script (dist/worker/mobas/index.html, built on its own by
 * scripts/prerender.mjs: a few hundred bytes that import nothing at run time). It asks for the
 * signed-in worker's first page of open mobas while the app's code is still downloading, and leaves
 * the request for the app to take (early-browse.ts); on a slow line the answer is then in before
 * the page's code has run.
 */
import { firstBrowseRequest, STARTED_KEY, type StartedBrowseRequest } from './first-browse-request';

const request = firstBrowseRequest(location.pathname);
if (request) {
  const response = fetch(request.url, request.init);
  response.catch(() => undefined); // a failed early request is not used: the page asks again
  const started: StartedBrowseRequest = { ...request, response };
  (window as unknown as Record<string, StartedBrowseRequest>)[STARTED_KEY] = started;
}
