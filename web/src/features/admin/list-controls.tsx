import { useEffect, useState, type ReactNode } from 'react';
import { SEARCH_MIN } from '@moba/contracts';
import { Spinner } from '../../components/Spinner';
import { AdminError } from './components/AdminError';
import { Pager } from './components/Pager';

// What every paged admin list shares: its page, its search, its live filters and its cards' facts.

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

/** The search box's text, and the term the list is asked for once the admin pauses typing. */
export function useListSearch() {
  const [text, setText] = useState('');
  const search = useDebounced(searchTermOf(text));
  return { text, setText, search };
}

/** How many pages a paged answer has; one while it loads or when it is empty. */
export const totalPagesOf = (data: { total: number; pageSize: number } | undefined): number =>
  data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

/** An admin list's page, which goes back to the first whenever a filter changes. */
export function useListPage() {
  const [page, setPage] = useState(1);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, filter };
}

/**
 * An admin list's search box: a term counts from SEARCH_MIN characters (spec §5), and the hint
 * under it turns into a warning while the term is shorter.
 */
export function SearchField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const tooShort = value.trim().length > 0 && value.trim().length < SEARCH_MIN;
  return (
    <div className="field search-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className={tooShort ? 'hint warn' : 'hint'} aria-live="polite">
        {hint}
      </p>
    </div>
  );
}

/** One of an admin list's live filters: a labelled choice that narrows the list as soon as it changes. */
export function FilterSelect<Value extends string>({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Value)}>
        {children}
      </select>
    </div>
  );
}

/**
 * An admin list's live filters. Not react-hook-form: each change narrows the list at once, a short
 * search is not sent (searchTermOf), and there is nothing to submit.
 */
export function LiveFilters({ children }: { children: ReactNode }) {
  return (
    <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      {children}
    </form>
  );
}

/** A free-text filter of an admin list that narrows it as the admin types (a place, a name). */
export function FilterText({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** Where an admin action's success is announced; empty until there is one. */
export function DoneNotice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div aria-live="polite">
      {children && (
        <p className="alert success" data-testid={testId}>
          {children}
        </p>
      )}
    </div>
  );
}

/** One named fact of an admin card's facts list (`<dl className="facts">`). */
export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface ListQuery<Page> {
  data?: Page;
  error?: unknown;
  isLoading: boolean;
  refetch: () => unknown;
}

interface ListStateProps<Item> {
  query: ListQuery<{ items: Item[] }>;
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}

/** A page of an admin list as it stands: loading, failed with a retry, its items, or the empty text. */
export function ListState<Item>({
  query: { data, error, isLoading, refetch },
  empty,
  children,
}: ListStateProps<Item>) {
  if (isLoading) return <Spinner />;
  if (error) return <AdminError action="load" error={error} onRetry={() => void refetch()} />;
  return data?.items.length ? children(data.items) : <p className="empty">{empty}</p>;
}

/** An admin list's page as it stands, with the pager under it. */
export function PagedList<Item>({
  page,
  onPage,
  ...state
}: ListStateProps<Item> & {
  query: ListQuery<{ items: Item[]; total: number; pageSize: number }>;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <ListState {...state} />
      <Pager page={page} totalPages={totalPagesOf(state.query.data)} onPage={onPage} />
    </>
  );
}
