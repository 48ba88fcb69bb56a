import { fetchEarly } from '../../lib/early-fetch';
import { getToken } from '../../lib/storage';
import { initialForm, toFilters } from './filters';

/**
 * A signed-in worker opening /worker/mobas: the first page of open mobas is asked for while the
 * page's code is still downloading. The request is exactly the one the page makes first (no
 * filters but the remembered place and an addressed crop, page 1), so the page's own query picks up the answer (lib/early-fetch).
 */
export function fetchBrowseEarly(pathname: string): void {
  const token = getToken();
  if (!token || !/^\/worker\/mobas\/?$/.test(pathname)) return;
  fetchEarly('/api/workers/vacancies/open', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(toFilters(initialForm(), 1)),
  });
}
