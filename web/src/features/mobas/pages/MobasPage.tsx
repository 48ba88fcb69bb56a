import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, VacancyItem } from '@moba/contracts';
import { CardSkeletons } from '../../../components/PageSkeleton';
import { useMyApplicationsQuery, useOpenVacanciesQuery } from '../api';
import { ApplicationStateNote } from '../components/ApplicationStateNote';
import { Icon } from '../../../components/Icon';
import { QueryState } from '../../../components/States';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { EstateTrust } from '../../../components/TrustFigures';
import { BrowseChips } from '../components/BrowseChips';
import { FilterSheet, loadFields } from '../components/FilterSheet';
import { DistanceFact, FairPayFacts } from '../components/FindFacts';
import { loadVacancyDialogBody } from '../components/VacancyDialog';
import { VacancyDialogHost, type OpenDetails } from '../components/VacancyDialogHost';
import { WorkTags } from '../components/WorkTags';
import { changedFilters, emptyForm, initialForm, rememberNear, toFilters, type FilterForm } from '../filters';
import { filtersToSearch } from '../filters-address';
import { paths } from '../../../app/paths';
import '../../../components/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** /worker/mobas: open mobas with the filters a worker needs, featured first, details and apply. */
export default function MobasPage() {
  const { t } = useTranslation(['mobas', 'common', 'find']);
  useDocumentTitle(t('title'));
  // The filters in effect live in the address: a reload keeps them and Back returns to the last ones.
  const { search } = useLocation();
  const navigate = useNavigate();
  const applied = useMemo(() => initialForm(search), [search]);
  const [form, setForm] = useState<FilterForm>(applied);
  useEffect(() => setForm(applied), [applied]);
  // The page number belongs to the filters it was chosen under: new filters start at page 1.
  const [pageOf, setPageOf] = useState({ search, page: 1 });
  const page = pageOf.search === search ? pageOf.page : 1;
  const setPage = (next: number) => setPageOf({ search, page: next });
  const filters = useMemo(() => toFilters(applied, page), [applied, page]);
  const { data, isFetching, isLoading, error, refetch } = useOpenVacanciesQuery(filters);
  const opener = useRef<OpenDetails>(null);
  const openDetails = useCallback((vacancy: VacancyItem) => opener.current?.(vacancy), []);
  const { data: mine } = useMyApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const statusOf = useMemo(() => new Map(mine?.map((a) => [a.vacancyId, a.status])), [mine]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtered = changedFilters(applied).length > 0;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // After "show mobas" the count of what was found is shown and read first, not the middle of a card.
  const results = useRef<HTMLDivElement>(null);
  const [revealCount, setRevealCount] = useState(false);
  useEffect(() => {
    if (!revealCount || isFetching) return;
    setRevealCount(false);
    results.current?.querySelector<HTMLElement>('[tabindex]')?.focus();
  }, [revealCount, isFetching]);

  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const show = (next: FilterForm) => {
    const query = filtersToSearch(next);
    if (query !== search) void navigate({ search: query });
    // The count of what was found is what the worker reads next.
    setRevealCount(true);
  };
  const closeSheet = useCallback(() => setFiltersOpen(false), []);
  const openSheet = () => {
    setForm(applied);
    setFiltersOpen(true);
  };
  const onSubmit = () => {
    rememberNear(form);
    show(form);
    setFiltersOpen(false);
  };
  const onChip = (next: FilterForm) => {
    rememberNear(next);
    show(next);
  };
  const onReset = () => {
    // The place distances are measured from stays: it is a setting of the list, not a filter.
    const { near, nearRegion, sort } = applied;
    show({ ...emptyForm, near, nearRegion, sort });
    setFiltersOpen(false);
  };

  return (
    <section className="page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <div className="browse">
        <BrowseChips
          applied={applied}
          apply={onChip}
          onMore={openSheet}
          onMorePointerDown={() => void loadFields()}
          nearInEffect={data?.near?.municipality}
        />
        {filtersOpen && (
          <FilterSheet
            form={form}
            set={set}
            onSubmit={onSubmit}
            onReset={onReset}
            onClose={closeSheet}
            nearInEffect={data?.near?.municipality}
          />
        )}

        <div className="browse-results" aria-live="polite" aria-busy={isFetching} ref={results}>
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
                <p className="muted" data-testid="result-count" tabIndex={-1}>
                  {t('found', { count: data.total })}
                </p>
                <ul className="plain cards" onPointerDown={() => void loadVacancyDialogBody()}>
                  {data.items.map((v) => (
                    <li key={v.id}>
                      <VacancyCard
                        vacancy={v}
                        status={statusOf.get(v.id)}
                        onOpen={openDetails}
                        from={data.near?.municipality ?? applied.near}
                      />
                    </li>
                  ))}
                </ul>
                {pages > 1 && (
                  <nav className="pager" aria-label={t('pager.label')}>
                    <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      {t('pager.prev')}
                    </button>
                    <span>{t('pager.of', { page, pages })}</span>
                    <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                      {t('pager.next')}
                    </button>
                  </nav>
                )}
              </>
            )}
          </QueryState>
        </div>
      </div>
      <VacancyDialogHost items={data?.items} statusOf={statusOf} opener={opener} />
    </section>
  );
}

/** One card; drawn again only when its own props change, not when a tap opens the filters or a dialog. */
const VacancyCard = memo(function VacancyCard({
  vacancy,
  status,
  onOpen,
  from,
}: {
  vacancy: VacancyItem;
  /** The worker's own application to it, if any. */
  status: ApplicationStatus | undefined;
  onOpen: (vacancy: VacancyItem) => void;
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
      <button type="button" className={status ? 'block' : 'primary block'} onClick={() => onOpen(vacancy)}>
        {t(status ? 'detailsOnly' : 'details')}
      </button>
    </article>
  );
});
