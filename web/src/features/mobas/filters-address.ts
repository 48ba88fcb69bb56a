import { emptyForm, filterKeys, type FilterForm } from './filters';

/**
 * The filters as the address's query: what differs from the defaults, a box as 1 or 0 (read back by
 * `initialForm`). Apart from filters.ts, which the first script carries: only the page writes it.
 */
export function filtersToSearch(form: FilterForm): string {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = form[key];
    const text = typeof value === 'boolean' ? (value ? '1' : '0') : value.trim();
    if (value !== emptyForm[key] && text !== emptyForm[key]) params.set(key, text);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
