import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { vacancyStatuses, type VacancyFiltersInput, type VacancyStatus } from '@moba/contracts';
import { formatDate, formatRsd } from '../../../lib/format';
import { useAdminVacanciesQuery, type VacancyScope } from '../api';
import { TabList } from '../components/TabList';
import { FilterSelect, FilterText, PagedList, useListPage } from '../list-controls';
import '../admin.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { Icon } from '../../../components/Icon';

const PAGE_SIZE = 20;

/** /admin/mobas: open vacancies, or all of them, with filters (spec §6 Admin). */
export default function MobasPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  useDocumentTitle(t('mobas.title'));
  const [scope, setScope] = useState<VacancyScope>('open');
  const [municipality, setMunicipality] = useState('');
  const [status, setStatus] = useState<VacancyStatus | ''>('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [onlyFree, setOnlyFree] = useState(false);
  const { page, setPage, filter: change } = useListPage();

  const filters: VacancyFiltersInput = {
    page,
    pageSize: PAGE_SIZE,
    ...(municipality.trim() ? { municipality: municipality.trim() } : {}),
    ...(scope === 'all' && status ? { status } : {}),
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo && (!dateFrom || dateTo >= dateFrom) ? { dateTo } : {}),
    ...(onlyFree ? { onlyWithFreePositions: true } : {}),
  };
  const vacancies = useAdminVacanciesQuery({ scope, filters });

  return (
    <section className="page admin">
      <h1>{t('mobas.title')}</h1>
      <TabList<VacancyScope>
        label={t('mobas.title')}
        selected={scope}
        onSelect={change(setScope)}
        tabs={(['open', 'all'] as const).map((id) => ({ id, label: t(`mobas.scope.${id}`) }))}
      />
      <div role="tabpanel" id={`panel-${scope}`} aria-labelledby={`tab-${scope}`}>
        {/* Live filters, not react-hook-form: each change narrows the list at once and none has a rule. */}
        <form className="filters" onSubmit={(e) => e.preventDefault()} aria-label={t('mobas.filters')}>
          <FilterText
            id="mobas-municipality"
            label={t('fields.municipality')}
            value={municipality}
            onChange={change(setMunicipality)}
          />
          {scope === 'all' && (
            <FilterSelect
              id="mobas-status"
              label={t('fields.status')}
              value={status}
              onChange={change(setStatus)}
            >
              <option value="">{t('mobas.anyStatus')}</option>
              {vacancyStatuses.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </FilterSelect>
          )}
          <div className="field">
            <label htmlFor="mobas-from">{t('mobas.dateFrom')}</label>
            <input
              id="mobas-from"
              type="date"
              value={dateFrom}
              onChange={(e) => change(setDateFrom)(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="mobas-to">{t('mobas.dateTo')}</label>
            <input
              id="mobas-to"
              type="date"
              value={dateTo}
              min={dateFrom || undefined}
              onChange={(e) => change(setDateTo)(e.target.value)}
            />
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={onlyFree}
              onChange={(e) => change(setOnlyFree)(e.target.checked)}
            />
            {t('mobas.onlyFree')}
          </label>
        </form>

        <p className="muted small" aria-live="polite">
          {vacancies.data && !vacancies.isFetching ? t('mobas.count', { count: vacancies.data.total }) : ''}
        </p>
        <PagedList query={vacancies} page={page} onPage={setPage} empty={t('mobas.empty')}>
          {(items) => (
            <ul className="plain admin-list" data-testid="admin-vacancies">
              {items.map((v) => (
                <li key={v.id} className="admin-card">
                  <div className="admin-card-head">
                    <h3>
                      {v.featured && (
                        <span className="featured-star" role="img" aria-label={t('mobas.featured')}>
                          <Icon name="star" filled />{' '}
                        </span>
                      )}
                      {v.title}
                    </h3>
                    <span className={`pill status-${v.status}`}>{t(`status.${v.status}`)}</span>
                  </div>
                  <dl className="facts">
                    <div>
                      <dt>{t('fields.estate')}</dt>
                      <dd>{v.estateName}</dd>
                    </div>
                    <div>
                      <dt className="with-icon">
                        <Icon name="place" size={18} /> {t('fields.municipality')}
                      </dt>
                      <dd>{v.municipality}</dd>
                    </div>
                    <div>
                      <dt className="with-icon">
                        <Icon name="calendar" size={18} /> {t('fields.dates')}
                      </dt>
                      <dd>
                        {formatDate(v.startDate, i18n.language)} – {formatDate(v.endDate, i18n.language)}
                      </dd>
                    </div>
                    <div>
                      <dt className="with-icon">
                        <Icon name="people" size={18} /> {t('fields.freePositions')}
                      </dt>
                      <dd>
                        {v.freePositions} / {v.totalPositions}
                      </dd>
                    </div>
                    <div>
                      <dt className="with-icon">
                        <Icon name="wage" size={18} /> {t('fields.payment')}
                      </dt>
                      <dd>
                        {v.paymentType === 'DailyWage' && v.dailyWage !== undefined
                          ? t('mobas.dailyWage', { amount: formatRsd(v.dailyWage, i18n.language) })
                          : v.paymentType === 'Norm' && v.normPrice !== undefined
                            ? t('mobas.norm', {
                                norm: v.norm ?? '',
                                amount: formatRsd(v.normPrice, i18n.language),
                              })
                            : t('mobas.byAgreement')}
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </section>
  );
}
