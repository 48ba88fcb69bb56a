import type { VacancyPage } from '@moba/contracts';
import { fetchEarly } from '../../lib/early-fetch';
import { getToken } from '../../lib/storage';
import { initialForm, toFilters } from './filters';

/**
 * A signed-in worker opening /worker/mobas: the first page of open mobas is asked for while the
 * page's code is still downloading. The request is exactly the one the page makes first (no
 * filters but the remembered place and an addressed crop, page 1). The answer goes into the query
 * cache as soon as it comes, so the cards replace the grey ones at once; had the page asked first,
 * its own query takes the answer (lib/early-fetch).
 */
export function fetchBrowseEarly(pathname: string): Promise<void> {
  const token = getToken();
  if (!token || !/^\/worker\/mobas\/?$/.test(pathname)) return Promise.resolve();
  const filters = toFilters(initialForm(), 1);
  const claim = fetchEarly('/api/workers/vacancies/open', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(filters),
  });
  return Promise.all([import('./api'), import('../../lib/store')])
    .then(async ([{ mobasApi }, { store }]) => {
      const response = await claim();
      if (!response?.ok) return;
      const page = (await response.json()) as VacancyPage;
      await store.dispatch(mobasApi.util.upsertQueryData('openVacancies', filters, page));
    })
    .catch(() => undefined);
}
