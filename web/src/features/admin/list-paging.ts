import { useEffect, useState } from 'react';
import { SEARCH_MIN } from '@moba/contracts';

/** A search term is sent only from SEARCH_MIN characters on (spec §5); shorter means "no search". */
export const searchTermOf = (text: string): string | undefined => {
  const term = text.trim();
  return term.length >= SEARCH_MIN ? term : undefined;
};

/** The value once it has stopped changing for `ms`: a search is sent when the admin pauses typing. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

/** How many pages a paged answer has; one while it loads or when it is empty. */
export const totalPagesOf = (data: { total: number; pageSize: number } | undefined): number =>
  data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

/** An admin list's page, which goes back to the first whenever a filter changes. */
export function useListPage() {
  const [page, setPage] = useState(1);
  const filter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, filter };
}
