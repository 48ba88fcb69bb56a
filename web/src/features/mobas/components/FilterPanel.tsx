import { lazy, Suspense, useId, useMemo, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { formatDate, formatRsd } from '../../../lib/format';
import { changedFilters, type FilterForm } from '../filters';
import { usePlaceName, useWorkNames } from '../../../lib/names';
import type { FilterFieldsProps } from './FilterFields';

type FieldsProps = FilterFieldsProps & { onRetry: () => void };

/** The fields come when the filters are first seen; offline before that, the panel says so in words. */
const loadFields = (): Promise<{ default: ComponentType<FieldsProps> }> =>
  import('./FilterFields').catch(() => ({ default: FieldsUnavailable }));

function FieldsUnavailable({ onRetry }: FieldsProps) {
  const { t } = useTranslation('common');
  return (
    <div className="stack">
      <p className="alert error" role="alert">
        {t('errors.network')}
      </p>
      <button type="button" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    </div>
  );
}

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
  const { t } = useTranslation(['mobas', 'common']);
  const bodyId = useId();
  const chips = useActiveFilterNames(applied);
  const wide = useWide();
  // Once shown the fields stay (hidden while folded); a failed fetch is tried again by a fresh lazy().
  const [seen, setSeen] = useState(false);
  if ((open || wide) && !seen) setSeen(true);
  const [attempt, setAttempt] = useState(0);
  const Fields = useMemo(() => lazy(loadFields), [attempt]);

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
          onPointerDown={() => void loadFields()}
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
        {seen && (
          <Suspense fallback={<Spinner />}>
            <Fields
              form={form}
              set={set}
              onSubmit={onSubmit}
              onReset={onReset}
              nearInEffect={nearInEffect}
              onRetry={() => setAttempt((a) => a + 1)}
            />
          </Suspense>
        )}
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
  const { cropName, activityName } = useWorkNames();
  return changedFilters(applied).map((key) => {
    switch (key) {
      case 'municipality':
        return applied.municipality.trim();
      case 'district':
        return placeName(applied.district);
      case 'crop':
        return cropName(applied.crop);
      case 'jobActivity':
        return activityName(applied.jobActivity);
      case 'dateFrom':
        return t('filters.fromChip', { date: formatDate(applied.dateFrom, lng) });
      case 'dateTo':
        return t('filters.toChip', { date: formatDate(applied.dateTo, lng) });
      case 'paymentType':
        return t(`paymentType.${applied.paymentType}`);
      case 'minDailyWage':
        return t('filters.minWageChip', { amount: formatRsd(Number(applied.minDailyWage), i18n.language) });
      case 'onlyWithFreePositions':
        return t('filters.alsoFull');
      case 'withinKm':
        return t('find:near.withinChip', { km: applied.withinKm });
      default:
        return t(`filters.${key}`);
    }
  });
}
