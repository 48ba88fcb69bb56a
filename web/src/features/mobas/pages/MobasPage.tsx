import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, VacancyItem } from '@moba/contracts';
import { CardSkeletons } from '../../../components/PageSkeleton';
import { useMyApplicationsQuery, useOpenVacanciesQuery } from '../api';
import { ApplicationStateNote } from '../components/ApplicationStateNote';
import { Icon } from '../../../components/Icon';
import { QueryState } from '../../../components/States';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { EstateTrust } from '../../../components/TrustFigures';
import { FilterPanel } from '../components/FilterPanel';
import { DistanceFact, FairPayFacts } from '../components/FindFacts';
import { VacancyDialog } from '../components/VacancyDialog';
import { WorkTags } from '../components/WorkTags';
import { useDialogAddress } from '../dialog-address';
import { changedFilters, emptyForm, initialForm, rememberNear, toFilters, type FilterForm } from '../filters';
import { paths } from '../../../app/paths';
import '../../../components/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** Browse's parts a moba's page reuses, fetched with this page's code (index.ts: loadBrowseParts). */
export { VacancyDetails } from '../components/VacancyDialog';
export { ApplyPanel } from '../components/ApplyPanel';
export { ReportLink } from '../components/ReportLink';
export { useMyApplicationsQuery } from '../api';

/** /worker/mobas: open mobas with the filters a worker needs, featured first, details and apply. */
export default function MobasPage() {
  const { t } = useTranslation(['mobas', 'common', 'find']);
  useDocumentTitle(t('title'));
  const [form, setForm] = useState<FilterForm>(() => initialForm());
  const [applied, setApplied] = useState<FilterForm>(() => initialForm());
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<VacancyItem | null>(null);
  const filters = useMemo(() => toFilters(applied, page), [applied, page]);
  const { data, isFetching, isLoading, error, refetch } = useOpenVacanciesQuery(filters);
  const details = useDialogAddress(setOpen, data?.items);
  const { data: mine } = useMyApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const statusOf = useMemo(() => new Map(mine?.map((a) => [a.vacancyId, a.status])), [mine]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtered = changedFilters(applied).length > 0;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const onSubmit = () => {
    rememberNear(form);
    setApplied(form);
    setPage(1);
    // On a phone the results are what the worker wants next: fold the filters away.
    setFiltersOpen(false);
  };
  const onReset = () => {
    // The place distances are measured from stays: it is a setting of the list, not a filter.
    const { near, nearRegion, sort } = applied;
    setForm({ ...emptyForm, near, nearRegion, sort });
    setApplied({ ...emptyForm, near, nearRegion, sort });
    setPage(1);
  };

  return (
    <section className="page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <div className="browse">
        <FilterPanel
          form={form}
          applied={applied}
          set={set}
          open={filtersOpen}
          onToggle={() => setFiltersOpen((o) => !o)}
          onSubmit={onSubmit}
          onReset={onReset}
          nearInEffect={data?.near?.municipality}
        />

        <div className="browse-results" aria-live="polite" aria-busy={isFetching}>
          <QueryState
            isLoading={isLoading}
            loading={<CardSkeletons />}
            error={error}
            onRetry={() => void refetch()}
            errorKey="mobas:errors.load"
            isEmpty={!!data && data.items.length === 0}
            empty={
              filtered ? (
                <>
                  <p>{t('empty')}</p>
                  <button type="button" onClick={onReset} data-testid="clear-filters">
                    {t('filters.reset')}
                  </button>
                </>
              ) : (
                <p>{t('emptyNoFilters')}</p>
              )
            }
          >
            {data && (
              <>
                <p className="muted" data-testid="result-count">
                  {t('found', { count: data.total })}
                </p>
                <ul className="plain cards">
                  {data.items.map((v) => (
                    <li key={v.id}>
                      <VacancyCard
                        vacancy={v}
                        status={statusOf.get(v.id)}
                        onOpen={() => details.open(v)}
                        from={data.near?.municipality ?? applied.near}
                      />
                    </li>
                  ))}
                </ul>
                {pages > 1 && (
                  <nav className="pager" aria-label={t('pager.label')}>
                    <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                      {t('pager.prev')}
                    </button>
                    <span>{t('pager.of', { page, pages })}</span>
                    <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                      {t('pager.next')}
                    </button>
                  </nav>
                )}
              </>
            )}
          </QueryState>
        </div>
      </div>
      {open && <VacancyDialog vacancy={open} status={statusOf.get(open.id)} onClose={details.close} />}
    </section>
  );
}

function VacancyCard({
  vacancy,
  status,
  onOpen,
  from,
}: {
  vacancy: VacancyItem;
  /** The worker's own application to it, if any. */
  status: ApplicationStatus | undefined;
  onOpen: () => void;
  /** The place distances are measured from. */
  from: string;
}) {
  const { t } = useTranslation('mobas');
  const shown = useReaderScript();
  return (
    <article
      className={`vacancy-card${vacancy.featured ? ' featured' : ''}`}
      data-testid="vacancy-card"
      aria-label={shown(vacancy.title)}
    >
      {vacancy.featured && (
        <p className="featured-badge">
          <Icon name="star" filled /> {t('featured')}
        </p>
      )}
      <h2>
        <Link to={paths.moba(vacancy.id)}>{shown(vacancy.title)}</Link>
      </h2>
      <div className="card-meta">
        <p className="muted">{shown(vacancy.estateName)}</p>
        <EstateTrust verified={vacancy.estateVerified} promises={vacancy.estatePromises} />
        <DistanceFact vacancy={vacancy} from={from} />
      </div>
      <VacancyFacts vacancy={vacancy} compact />
      <FairPayFacts vacancy={vacancy} />
      <WorkTags vacancy={vacancy} />
      {status && <ApplicationStateNote status={status} />}
      <button type="button" className={status ? 'block' : 'primary block'} onClick={onOpen}>
        {t(status ? 'detailsOnly' : 'details')}
      </button>
    </article>
  );
}
