import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, VacancyItem } from '@moba/contracts';
import { ALREADY_APPLIED_BODY } from '@moba/contracts/plain-values';
import { Dialog } from '../../../components/Dialog';
import { CardSkeletons } from '../../../components/PageSkeleton';
import { apiErrorInfo } from '../../../lib/api';
import { useMeQuery } from '../../auth';
import { useApplyMutation, useMyApplicationsQuery, useOpenVacanciesQuery } from '../api';
import { ApplicationStateNote } from '../components/ApplicationStateNote';
import { Icon } from '../../../components/Icon';
import type { LeaderFieldsProps, LeaderPick } from '../components/LeaderFields';
import { QueryState } from '../../../components/States';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { EstateTrust } from '../../../components/TrustFigures';
import { FilterPanel } from '../components/FilterPanel';
import { DistanceFact, FairPayFacts } from '../components/FindFacts';
import { changedFilters, emptyForm, initialForm, rememberNear, toFilters, type FilterForm } from '../filters';
import { useWorkNames } from '../../../lib/names';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import '../../../components/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';

/** /worker/mobas: open mobas with the filters a worker needs, featured first, details and apply. */
export default function MobasPage() {
  const { t } = useTranslation(['mobas', 'common', 'find']);
  const [form, setForm] = useState<FilterForm>(() => initialForm());
  const [applied, setApplied] = useState<FilterForm>(() => initialForm());
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<VacancyItem | null>(null);
  const filters = useMemo(() => toFilters(applied, page), [applied, page]);
  const { data, isFetching, isLoading, error, refetch } = useOpenVacanciesQuery(filters);
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
                        onOpen={() => setOpen(v)}
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
      {open && <VacancyDialog vacancy={open} status={statusOf.get(open.id)} onClose={() => setOpen(null)} />}
    </section>
  );
}

function Tags({ vacancy }: { vacancy: VacancyItem }) {
  const { cropName, activityName } = useWorkNames();
  const names = [...vacancy.crops.map(cropName), ...vacancy.jobActivities.map(activityName)];
  if (names.length === 0) return null;
  return (
    <ul className="tags">
      {names.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
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
      <h2>{shown(vacancy.title)}</h2>
      <div className="card-meta">
        <p className="muted">{shown(vacancy.estateName)}</p>
        <EstateTrust verified={vacancy.estateVerified} promises={vacancy.estatePromises} />
        <DistanceFact vacancy={vacancy} from={from} />
      </div>
      <VacancyFacts vacancy={vacancy} compact />
      <FairPayFacts vacancy={vacancy} />
      <Tags vacancy={vacancy} />
      {status && <ApplicationStateNote status={status} />}
      <button type="button" className={status ? 'block' : 'primary block'} onClick={onOpen}>
        {t(status ? 'detailsOnly' : 'details')}
      </button>
    </article>
  );
}

function VacancyDialog({
  vacancy,
  status,
  onClose,
}: {
  vacancy: VacancyItem;
  status: ApplicationStatus | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['mobas', 'common']);
  const shown = useReaderScript();
  const errorText = useFeatureErrorText('mobas');
  // The account the shell's guidance reads too: one request for both.
  const { data: me } = useMeQuery('Worker');
  const [apply, { isLoading, error, isSuccess }] = useApplyMutation();
  const leader = !!me && 'groupLeader' in me && me.groupLeader && vacancy.groupLeadersAccepted;
  const [pick, setPick] = useState<LeaderPick>(noPick);
  // Per opening, so a fetch that failed (offline) is tried again the next time.
  const LeaderFields = useMemo(() => lazy(loadLeaderFields), []);
  const { body: leaderBody, invalid: peopleInvalid } = leader ? pick : noPick;
  const info = error ? apiErrorInfo(error) : null;
  const alreadyApplied = info?.message === ALREADY_APPLIED_BODY;
  const full = vacancy.freePositions <= 0;
  // Offline, an application is refused here, in words, never queued out of sight.
  const [offlineTry, setOfflineTry] = useState(false);
  const offline = offlineTry || info?.status === 'FETCH_ERROR' || info?.status === 'TIMEOUT_ERROR';

  const onApply = () => {
    if (peopleInvalid) return;
    setOfflineTry(typeof navigator !== 'undefined' && navigator.onLine === false);
    if (navigator.onLine === false) return;
    void apply({ vacancyId: vacancy.id, ...leaderBody });
  };

  return (
    <Dialog title={shown(vacancy.title)} onClose={onClose}>
      <div className="stack" data-testid="vacancy-details">
        <p className="muted">{shown(vacancy.estateName)}</p>
        <EstateTrust verified={vacancy.estateVerified} promises={vacancy.estatePromises} />
        <VacancyFacts vacancy={vacancy} />
        <FairPayFacts vacancy={vacancy} />
        <p>{t('detailsHours', { hours: vacancy.hoursPerDay })}</p>
        <p>{vacancy.groupLeadersAccepted ? t('groupsWelcome') : t('groupsNo')}</p>
        <Tags vacancy={vacancy} />
        <p className="description">{shown(vacancy.description)}</p>
        {status && !isSuccess ? (
          <ApplicationStateNote status={status} />
        ) : isSuccess ? (
          <p className="alert success" role="status" data-testid="apply-success">
            {t('apply.success')}
          </p>
        ) : alreadyApplied ? (
          <p className="alert error" role="alert" data-testid="already-applied">
            {t('apply.alreadyApplied')}
          </p>
        ) : (
          <>
            {leader && (
              <Suspense fallback={null}>
                <LeaderFields vacancy={vacancy} groupSize={me?.groupSize ?? 0} onChange={setPick} />
              </Suspense>
            )}
            {offline ? (
              <p className="alert error" role="alert" data-testid="apply-offline">
                {t('apply.offline')}
              </p>
            ) : (
              error &&
              !alreadyApplied && (
                <p className="alert error" role="alert">
                  {errorText(error, 'mobas:apply.error')}
                </p>
              )
            )}
            {full && <p className="notice">{t('apply.full')}</p>}
          </>
        )}
        <div className="form-actions">
          <button type="button" onClick={onClose}>
            {t('common:actions.close')}
          </button>
          {!status && !isSuccess && !alreadyApplied && (
            <button
              type="button"
              className="primary"
              disabled={isLoading || full || peopleInvalid}
              onClick={onApply}
            >
              {t('apply.submit')}
            </button>
          )}
        </div>
        <ReportLink vacancyId={vacancy.id} />
      </div>
    </Dialog>
  );
}

const noPick: LeaderPick = { body: {}, invalid: false };

// A group leader's part of the apply dialog (crew picker, head count) comes when a leader opens one.
// When it cannot be fetched the leader is told so, and cannot apply without saying who comes.
const loadLeaderFields = (): Promise<{ default: ComponentType<LeaderFieldsProps> }> =>
  import('../components/LeaderFields').catch(() => ({ default: LeaderFieldsUnavailable }));

function LeaderFieldsUnavailable({ onChange }: LeaderFieldsProps) {
  const { t } = useTranslation('common');
  useEffect(() => onChange({ body: {}, invalid: true }), [onChange]);
  return (
    <p className="alert error" role="alert">
      {t('errors.network')}
    </p>
  );
}

// The report form (and the zod schemas it checks with) is fetched when a moba's details open.
const loadReportDialog = () => import('../components/ReportDialog');
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));

/** A quiet link under the details: report the moba (asks for money, fake, wrong, wage not paid). */
function ReportLink({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation('trust');
  const [open, setOpen] = useState(false);
  useEffect(() => void loadReportDialog().catch(() => undefined), []);
  return (
    <>
      <button type="button" className="link small" onClick={() => setOpen(true)} data-testid="report-moba">
        {t('report.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog vacancyId={vacancyId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
