import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminActionSchema,
  SEARCH_MIN,
  type AdminAction,
  type AuditEntry,
  type AuditValues,
} from '@moba/contracts';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { intlLocale } from '../../../lib/format';
import { useAuditLogQuery } from '../audit-api';
import { auditValueKey } from '../audit-values';
import {
  Fact,
  FilterSelect,
  PagedList,
  LiveFilters,
  SearchField,
  useListPage,
  useListSearch,
} from '../list-controls';
import '../admin.css';

const PAGE_SIZE = 20;

/** Each changed field: what it was and what it became, codes in words. */
function Changes({ entry: { targetType, before, after } }: { entry: AuditEntry }) {
  const { t } = useTranslation('trust');
  const shown = (field: string, value: AuditValues[string] | undefined) => {
    if (value === null || value === undefined || value === '') return '—';
    const key = auditValueKey(targetType, field, value);
    return key ? t(key, { defaultValue: String(value) }) : String(value);
  };
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
            <th scope="row">{t(`audit.fields.${field}`, { defaultValue: field })}</th>
            <td>{shown(field, before?.[field])}</td>
            <td>{shown(field, after?.[field])}</td>
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
        <Fact term={t('audit.when')}>
          <time dateTime={entry.at}>{when}</time>
        </Fact>
        <Fact term={t('audit.who')}>{entry.actorName}</Fact>
        <Fact term={t('audit.what')}>
          {entry.targetLabel ?? '—'} <span className="muted small">{entry.targetId}</span>
        </Fact>
      </dl>
      <Changes entry={entry} />
    </li>
  );
}

/** /admin/audit: every admin action with who, when, what and before/after; search and filter, never edit. */
export default function AuditPage() {
  const { t } = useTranslation(['trust', 'admin']);
  useDocumentTitle(t('audit.title'));
  const { text, setText, search } = useListSearch();
  const [action, setAction] = useState<AdminAction | ''>('');
  const { page, setPage, filter } = useListPage();
  const audit = useAuditLogQuery({
    page,
    pageSize: PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(action ? { action } : {}),
  });
  return (
    <section className="page admin">
      <h1>{t('audit.title')}</h1>
      <p className="muted">{t('audit.intro')}</p>
      <LiveFilters>
        <SearchField
          id="audit-search"
          label={t('audit.search')}
          hint={t('audit.searchHint', { count: SEARCH_MIN })}
          value={text}
          onChange={filter(setText)}
        />
        <FilterSelect
          id="audit-action"
          label={t('audit.actionFilter')}
          value={action}
          onChange={filter(setAction)}
        >
          <option value="">{t('audit.allActions')}</option>
          {adminActionSchema.options.map((a) => (
            <option key={a} value={a}>
              {t(`audit.action.${a}`)}
            </option>
          ))}
        </FilterSelect>
      </LiveFilters>
      <PagedList query={audit} page={page} onPage={setPage} empty={t('audit.empty')}>
        {(items) => (
          <ul className="plain admin-list">
            {items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
