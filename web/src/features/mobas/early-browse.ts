import { fetchEarly } from '../../lib/early-fetch';
import { firstBrowseRequest, STARTED_KEY, type StartedBrowseRequest } from './first-browse-request';

/** The request the browse shell's first script started, if it is this very request. */
function startedBefore(body: string, authorization: string | undefined): Promise<Response> | undefined {
  const slot = window as unknown as Record<string, StartedBrowseRequest | undefined>;
  const started = slot[STARTED_KEY];
  delete slot[STARTED_KEY];
  const same = started?.init.body === body && started.init.headers.authorization === authorization;
  return same ? started.response : undefined;
}

/**
 * A signed-in worker opening /worker/mobas: the first page of open mobas is asked for while the
 * page's code is still downloading (by the browse shell's first script, or else now). As soon as
 * the query code is here, the query is started in the store and takes that early answer
 * (lib/early-fetch): the page, mounting with the same filters, shares the one request whether its
 * answer is in or still on the way, and never asks a second time. Resolves once the answer is in
 * the store (or failed).
 */
export function fetchBrowseEarly(pathname: string): Promise<void> {
  const request = firstBrowseRequest(pathname);
  if (!request) return Promise.resolve();
  fetchEarly(request.url, request.init, startedBefore(request.init.body, request.init.headers.authorization));
  return Promise.all([import('./api'), import('../../lib/store')])
    .then(async ([{ mobasApi }, { store }]) => {
      await store.dispatch(mobasApi.endpoints.openVacancies.initiate(request.filters, { subscribe: false }));
    })
    .catch(() => undefined);
}
