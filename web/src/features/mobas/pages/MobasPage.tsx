import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, VacancyItem } from '@moba/contracts';
import { crops, districtsRs, jobActivities, municipalityNames } from '@moba/contracts/reference/index';
import { ALREADY_APPLIED_BODY, paymentTypes } from '@moba/contracts/plain-values';
import { Dialog } from '../../../components/Dialog';
import { CardSkeletons } from '../../../components/PageSkeleton';
import { Field } from '../../../components/Field';
import { apiErrorInfo } from '../../../lib/api';
import { useWorkerProfileQuery } from '../../profile/api';
import { useApplyMutation, useMyApplicationsQuery, useOpenVacanciesQuery } from '../api';
import { ApplicationStateNote } from '../components/ApplicationStateNote';
import { Icon } from '../../../components/Icon';
import { Labelled } from '../components/Labelled';
import { QueryState } from '../components/States';
import { VacancyFacts } from '../components/VacancyFacts';
import { emptyForm, flags, toFilters, type FilterForm } from '../filters';
import { activityName, cropName, placeName } from '../reference';
import { useFeatureErrorText } from '../error-text';
import '../mobas.css';
import { useReaderScript } from '../../../lib/reader-script';

/** /worker/mobas: open mobas with the filters a worker needs, featured first, details and apply. */
export default function MobasPage() {
  const { t, i18n } = useTranslation(['mobas', 'common']);
  const lng = i18n.language;
  const [form, setForm] = useState<FilterForm>(emptyForm);
  const [applied, setApplied] = useState<FilterForm>(emptyForm);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<VacancyItem | null>(null);
  const filters = useMemo(() => toFilters(applied, page), [applied, page]);
  const { data, isFetching, isLoading, error, refetch } = useOpenVacanciesQuery(filters);
  const { data: mine } = useMyApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const statusOf = useMemo(() => new Map(mine?.map((a) => [a.vacancyId, a.status])), [mine]);
  const places = useMemo(() => municipalityNames('RS'), []);
  const listId = useId();
  const filtersRef = useRef<HTMLDetailsElement>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(form);
    setPage(1);
    // On a phone the results are what the worker wants next: fold the filters away.
    if (filtersRef.current && window.innerWidth < 960) filtersRef.current.open = false;
  };
  const onReset = () => {
    setForm(emptyForm);
    setApplied(emptyForm);
    setPage(1);
  };

  return (
    <section className="page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <details
        ref={filtersRef}
        className="filters card"
        open={typeof window !== 'undefined' && window.innerWidth >= 960 ? true : undefined}
      >
        <summary>{t('filters.title')}</summary>
        <form className="form" onSubmit={onSubmit} aria-label={t('filters.title')} data-testid="filters">
          <div className="row">
            <Field
              label={t('filters.municipality')}
              list={listId}
              autoComplete="off"
              value={form.municipality}
              onChange={(e) => set('municipality', e.target.value)}
            />
            <datalist id={listId}>
              {places.map((p) => (
                <option key={p} value={placeName(p, lng)} />
              ))}
            </datalist>
            <Select
              label={t('filters.district')}
              value={form.district}
              onChange={(v) => set('district', v)}
              anyLabel={t('filters.any')}
              options={districtsRs.map((d) => ({ value: d, label: placeName(d, lng) }))}
            />
          </div>
          <div className="row">
            <Select
              label={t('filters.crop')}
              value={form.crop}
              onChange={(v) => set('crop', v)}
              anyLabel={t('filters.any')}
              options={crops.map((c) => ({ value: c.id, label: cropName(c.id, lng) }))}
            />
            <Select
              label={t('filters.jobActivity')}
              value={form.jobActivity}
              onChange={(v) => set('jobActivity', v)}
              anyLabel={t('filters.any')}
              options={jobActivities.map((a) => ({ value: a.id, label: activityName(a.id, lng) }))}
            />
          </div>
          <div className="row">
            <Field
              label={t('filters.dateFrom')}
              type="date"
              value={form.dateFrom}
              onChange={(e) => set('dateFrom', e.target.value)}
            />
            <Field
              label={t('filters.dateTo')}
              type="date"
              value={form.dateTo}
              onChange={(e) => set('dateTo', e.target.value)}
            />
          </div>
          <div className="row">
            <Select
              label={t('filters.paymentType')}
              value={form.paymentType}
              onChange={(v) => set('paymentType', v)}
              anyLabel={t('filters.any')}
              options={paymentTypes.map((p) => ({ value: p, label: t(`paymentType.${p}`) }))}
            />
            <Field
              label={t('filters.minDailyWage')}
              type="number"
              inputMode="numeric"
              min={0}
              step={100}
              value={form.minDailyWage}
              onChange={(e) => set('minDailyWage', e.target.value)}
            />
          </div>
          <fieldset>
            <legend>{t('filters.mustHave')}</legend>
            <div className="choices two-col">
              {flags.map((flag) => (
                <label key={flag} className="check">
                  <input type="checkbox" checked={form[flag]} onChange={(e) => set(flag, e.target.checked)} />
                  {t(`filters.${flag}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="form-actions">
            <button type="button" onClick={onReset}>
              {t('filters.reset')}
            </button>
            <button type="submit" className="primary">
              {t('filters.search')}
            </button>
          </div>
        </form>
      </details>

      <div aria-live="polite" aria-busy={isFetching}>
        <QueryState
          isLoading={isLoading}
          loading={<CardSkeletons />}
          error={error}
          onRetry={() => void refetch()}
          errorKey="mobas:errors.load"
          isEmpty={!!data && data.items.length === 0}
          empty={<p>{t('empty')}</p>}
        >
          {data && (
            <>
              <p className="muted" data-testid="result-count">
                {t('found', { count: data.total })}
              </p>
              <ul className="plain cards">
                {data.items.map((v) => (
                  <li key={v.id}>
                    <VacancyCard vacancy={v} status={statusOf.get(v.id)} onOpen={() => setOpen(v)} />
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
      {open && <VacancyDialog vacancy={open} status={statusOf.get(open.id)} onClose={() => setOpen(null)} />}
    </section>
  );
}

function Select({
  label,
  value,
  onChange,
  options,
  anyLabel,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  anyLabel: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Tags({ vacancy }: { vacancy: VacancyItem }) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const names = [
    ...vacancy.crops.map((c) => cropName(c, lng)),
    ...vacancy.jobActivities.map((a) => activityName(a, lng)),
  ];
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
}: {
  vacancy: VacancyItem;
  /** The worker's own application to it, if any. */
  status: ApplicationStatus | undefined;
  onOpen: () => void;
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
      <p className="muted">{shown(vacancy.estateName)}</p>
      <VacancyFacts vacancy={vacancy} compact />
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
  const { data: me } = useWorkerProfileQuery();
  const [apply, { isLoading, error, isSuccess }] = useApplyMutation();
  const [people, setPeople] = useState('0');
  const leader = !!me?.groupLeader && vacancy.groupLeadersAccepted;
  const maxPeople = Math.max(0, Math.min(me?.groupSize ?? 0, vacancy.freePositions - 1));
  const peopleCount = Number(people);
  const peopleInvalid =
    leader && (!Number.isInteger(peopleCount) || peopleCount < 0 || peopleCount > maxPeople);
  const info = error ? apiErrorInfo(error) : null;
  const alreadyApplied = info?.message === ALREADY_APPLIED_BODY;
  const full = vacancy.freePositions <= 0;

  const onApply = () => {
    if (peopleInvalid) return;
    void apply({ vacancyId: vacancy.id, ...(leader ? { peopleCount } : {}) });
  };

  return (
    <Dialog title={shown(vacancy.title)} onClose={onClose}>
      <div className="stack" data-testid="vacancy-details">
        <p className="muted">{shown(vacancy.estateName)}</p>
        <VacancyFacts vacancy={vacancy} />
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
              <Labelled
                label={t('apply.people')}
                hint={t('apply.peopleHint', { max: maxPeople })}
                error={peopleInvalid ? t('apply.peopleInvalid', { max: maxPeople }) : null}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={maxPeople}
                    value={people}
                    onChange={(e) => setPeople(e.target.value)}
                  />
                )}
              </Labelled>
            )}
            {error && !alreadyApplied && (
              <p className="alert error" role="alert">
                {errorText(error, 'mobas:apply.error')}
              </p>
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
      </div>
    </Dialog>
  );
}
