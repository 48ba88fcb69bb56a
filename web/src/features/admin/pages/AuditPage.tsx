import { Pager } from '../components/Pager';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminActionSchema,
  SEARCH_MIN,
  type AdminAction,
  type AuditEntry,
  type AuditValues,
} from '@moba/contracts';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { intlLocale } from '../../../lib/format';
import { useAuditLogQuery } from '../audit-api';
import { AdminError } from '../components/AdminError';
import { searchTermOf } from './UsersPage';
import { SearchField } from '../components/SearchField';
import '../admin.css';

const PAGE_SIZE = 20;

function useDebounced<T>(value: T, ms = 300): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

const shown = (value: AuditValues[string] | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** Each changed field: what it was and what it became. */
function Changes({ before, after }: { before: AuditValues | null; after: AuditValues | null }) {
  const { t } = useTranslation('trust');
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (!fields.length) return null;
  return (
    <table className="audit-changes">
      <thead>
        <tr>
          <th scope="col">{t('audit.field')}</th>
          <th scope="col">{t('audit.before')}</th>
          <th scope="col">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row">{field}</th>
            <td>{shown(before?.[field])}</td>
            <td>{shown(after?.[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('trust');
  const when = new Date(entry.at).toLocaleString(intlLocale(i18n.language));
  return (
    <li className="admin-card" data-testid="audit-entry">
      <div className="admin-card-head">
        <h3>{t(`audit.action.${entry.action}`)}</h3>
        <span className="pill">{t(`audit.target.${entry.targetType}`)}</span>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('audit.when')}</dt>
          <dd>
            <time dateTime={entry.at}>{when}</time>
          </dd>
        </div>
        <div>
          <dt>{t('audit.who')}</dt>
          <dd>{entry.actorName}</dd>
        </div>
        <div>
          <dt>{t('audit.what')}</dt>
          <dd>
            {entry.targetLabel ?? '—'} <span className="muted small">{entry.targetId}</span>
          </dd>
        </div>
      </dl>
      <Changes before={entry.before} after={entry.after} />
    </li>
  );
}

/** /admin/audit: every admin action with who, when, what and before/after; search and filter, never edit. */
export default function AuditPage() {
  const { t } = useTranslation(['trust', 'admin']);
  useDocumentTitle(t('audit.title'));
  const [text, setText] = useState('');
  const [action, setAction] = useState<AdminAction | ''>('');
  const [page, setPage] = useState(1);
  const search = useDebounced(searchTermOf(text));
  const { data, error, isLoading, refetch } = useAuditLogQuery({
    page,
    pageSize: PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(action ? { action } : {}),
  });
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section className="page admin">
      <h1>{t('audit.title')}</h1>
      <p className="muted">{t('audit.intro')}</p>
      {/* Live filters, not react-hook-form: each change narrows the list at once; a short search is not sent. */}
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchField
          id="audit-search"
          label={t('audit.search')}
          hint={t('audit.searchHint', { min: SEARCH_MIN })}
          value={text}
          onChange={(value) => {
            setText(value);
            setPage(1);
          }}
        />
        <div className="field">
          <label htmlFor="audit-action">{t('audit.actionFilter')}</label>
          <select
            id="audit-action"
            value={action}
            onChange={(e) => {
              setAction(e.target.value as AdminAction | '');
              setPage(1);
            }}
          >
            <option value="">{t('audit.allActions')}</option>
            {adminActionSchema.options.map((a) => (
              <option key={a} value={a}>
                {t(`audit.action.${a}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <AdminError action="load" error={error} onRetry={() => void refetch()} />
      ) : data?.items.length ? (
        <ul className="plain admin-list">
          {data.items.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : (
        <p className="empty">{t('audit.empty')}</p>
      )}
      <Pager page={page} totalPages={totalPages} onPage={setPage} />
    </section>
  );
}
