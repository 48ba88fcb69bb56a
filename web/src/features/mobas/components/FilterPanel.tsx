import { useId, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { crops, jobActivities } from '@moba/contracts/reference/work';
import { paymentTypes } from '@moba/contracts/plain-values';
import { Field } from '../../../components/Field';
import { Icon } from '../../../components/Icon';
import { formatDate, formatRsd } from '../../../lib/format';
import { changedFilters, flags, type FilterForm } from '../filters';
import { activityName, cropName, usePlaceName, usePlaces } from '../names';
import { NearFields } from './NearFields';

/**
 * The browse filters. On a phone they fold behind one toggle that says it opens (chevron,
 * aria-expanded) and which filters are on (a count and their names); from 60rem they stand open in
 * a side column next to the results, so the first mobas are on the first screen.
 */
export function FilterPanel({
  form,
  applied,
  set,
  open,
  onToggle,
  onSubmit,
  onReset,
  nearInEffect,
}: {
  /** What the worker is editing. */
  form: FilterForm;
  /** What the list shows now. */
  applied: FilterForm;
  set: <K extends keyof FilterForm>(key: K, value: FilterForm[K]) => void;
  open: boolean;
  onToggle: () => void;
  onSubmit: () => void;
  onReset: () => void;
  /** The place the list's distances are measured from (the worker's own municipality by default). */
  nearInEffect?: string;
}) {
  const { t, i18n } = useTranslation(['mobas', 'common']);
  const lng = i18n.language;
  const listId = useId();
  const bodyId = useId();
  const chips = useActiveFilterNames(applied);
  const wide = useWide();
  // The place suggestions come when the filters are first seen, not with the list of mobas.
  const lists = usePlaces(open || wide);
  const placeName = usePlaceName();
  const places = lists?.municipalityNames('RS') ?? [];
  const districts = lists?.districtsRs ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  return (
    <aside className={`filters card${open ? ' open' : ''}`} aria-label={t('filters.title')}>
      {wide ? (
        <h2 className="filters-heading">{t('filters.title')}</h2>
      ) : (
        <button
          type="button"
          className="filters-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
          data-testid="filters-toggle"
        >
          <span>{t('filters.title')}</span>
          {chips.length > 0 && (
            <>
              <span className="count-badge" aria-hidden="true" data-testid="filters-count">
                {chips.length}
              </span>
              <span className="sr-only">{t('filters.onCount', { count: chips.length })}</span>
            </>
          )}
          <Icon name="chevron" className="chevron" />
        </button>
      )}
      {!wide && chips.length > 0 && (
        <ul className="filter-chips" data-testid="active-filters">
          {chips.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
      <div id={bodyId} className="filters-body">
        {/* Plain controlled inputs, not react-hook-form: filters have no rule to check here (toFilters drops
            what does not read; the service checks the query), and the browse start carries no form library. */}
        <form className="form" onSubmit={submit} aria-label={t('filters.title')} data-testid="filters">
          <NearFields form={form} set={set} nearInEffect={nearInEffect} lists={lists} />
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
                <option key={p} value={placeName(p)} />
              ))}
            </datalist>
            <Select
              label={t('filters.district')}
              value={form.district}
              onChange={(v) => set('district', v)}
              anyLabel={t('filters.any')}
              options={districts.map((d) => ({ value: d, label: placeName(d) }))}
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
      </div>
    </aside>
  );
}

const WIDE = '(min-width: 60rem)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** True where the filters stand open in a side column (the CSS breakpoint of .browse). */
const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );

/** The names of the filters in effect, in the reader's language (the defaults are not listed). */
function useActiveFilterNames(applied: FilterForm): string[] {
  const { t, i18n } = useTranslation('mobas');
  const lng = i18n.language;
  const placeName = usePlaceName();
  return changedFilters(applied).map((key) => {
    switch (key) {
      case 'municipality':
        return applied.municipality.trim();
      case 'district':
        return placeName(applied.district);
      case 'crop':
        return cropName(applied.crop, lng);
      case 'jobActivity':
        return activityName(applied.jobActivity, lng);
      case 'dateFrom':
        return t('filters.fromChip', { date: formatDate(applied.dateFrom, lng) });
      case 'dateTo':
        return t('filters.toChip', { date: formatDate(applied.dateTo, lng) });
      case 'paymentType':
        return t(`paymentType.${applied.paymentType}`);
      case 'minDailyWage':
        return t('filters.minWageChip', { amount: formatRsd(Number(applied.minDailyWage)) });
      case 'onlyWithFreePositions':
        return t('filters.alsoFull');
      case 'withinKm':
        return t('find:near.withinChip', { km: applied.withinKm });
      default:
        return t(`filters.${key}`);
    }
  });
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
