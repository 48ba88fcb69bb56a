import type { VacancyFiltersInput } from '@moba/contracts';
import { getToken } from '../../lib/storage';
import { initialForm, toFilters } from './filters';

export interface BrowseRequest {
  filters: VacancyFiltersInput;
  url: string;
  init: { method: string; headers: Record<string, string>; body: string };
}

/**
 * The first request of a signed-in worker's browse at `pathname`, exactly as the page makes it (no
 * filters but the remembered place and the filters in the address, page 1); null elsewhere or
 * signed out.
 */
export function firstBrowseRequest(pathname: string): BrowseRequest | null {
  const token = getToken();
  if (!token || !/^\/worker\/mobas\/?$/.test(pathname)) return null;
  const filters = toFilters(initialForm(), 1);
  return {
    filters,
    url: '/api/workers/vacancies/open',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(filters),
    },
  };
}

/** Where the browse shell's own first script leaves the request it started (browse-request-start.ts). */
export const STARTED_KEY = 'mobaBrowseRequest';

export interface StartedBrowseRequest extends BrowseRequest {
  response: Promise<Response>;
}
