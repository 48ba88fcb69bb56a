import { useTranslation } from 'react-i18next';
import { withinKmChoices } from '@moba/contracts/reference/seats';
import { formatDate, formatRsd } from '../../../lib/format';
import { usePlaceName, useWorkNames } from '../../../lib/names';
import { changedFilters, emptyForm, type FilterForm } from '../filters';

/**
 * The top of browse, as the apps workers know (OLX, Glovo): how far and in which order as chips that
 * apply at once, "Više filtera" for the rest (a sheet), and each other filter in effect as a chip
 * that removes it. Radius and order need a place to measure from (the worker's municipality).
 */
export function BrowseChips({
  applied,
  apply,
  onMore,
  onMorePointerDown,
  nearInEffect,
}: {
  /** What the list shows now. */
  applied: FilterForm;
  apply: (next: FilterForm) => void;
  onMore: () => void;
  /** Starts fetching the sheet's fields as the finger lands. */
  onMorePointerDown: () => void;
  nearInEffect?: string;
}) {
  const { t } = useTranslation(['mobas', 'find']);
  const noPlace = !applied.near.trim() && !nearInEffect;
  const active = useActiveFilters(applied);
  const radius = ['', ...withinKmChoices.map(String)];
  return (
    <div className="browse-chips" data-testid="browse-chips">
      <div className="chip-row">
        <div className="segmented radius" role="group" aria-label={t('find:near.within')}>
          {radius.map((km) => (
            <button
              key={km}
              type="button"
              aria-pressed={applied.withinKm === km}
              disabled={noPlace}
              onClick={() => apply({ ...applied, withinKm: km })}
            >
              {km ? t('find:near.km', { km }) : t('find:near.anywhere')}
            </button>
          ))}
        </div>
        <div className="segmented" role="group" aria-label={t('find:near.sort')}>
          {(['', 'featured'] as const).map((sort) => (
            <button
              key={sort}
              type="button"
              aria-pressed={applied.sort === sort}
              disabled={noPlace}
              onClick={() => apply({ ...applied, sort })}
            >
              {t(sort ? 'find:near.sortFeaturedShort' : 'find:near.sortNearest')}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="chip-button"
          aria-haspopup="dialog"
          onClick={onMore}
          onPointerDown={onMorePointerDown}
          data-testid="more-filters"
        >
          {t('filters.more')}
          {active.length > 0 && (
            <>
              {' '}
              <span className="count-badge" aria-hidden="true">
                {active.length}
              </span>
              <span className="sr-only">{t('filters.onCount', { count: active.length })}</span>
            </>
          )}
        </button>
      </div>
      {active.length > 0 && (
        <ul className="filter-chips" data-testid="active-filters">
          {active.map(({ key, name }) => (
            <li key={key}>
              <button
                type="button"
                className="chip-button on"
                aria-label={t('filters.remove', { name })}
                onClick={() => apply({ ...applied, [key]: emptyForm[key] })}
              >
                {name} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The filters in effect apart from the radius (its chips show it), named in the reader's language. */
function useActiveFilters(applied: FilterForm): { key: keyof FilterForm; name: string }[] {
  const { t, i18n } = useTranslation('mobas');
  const lng = i18n.language;
  const placeName = usePlaceName();
  const { cropName, activityName } = useWorkNames();
  const nameOf = (key: keyof FilterForm): string => {
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
        return t('filters.minWageChip', { amount: formatRsd(Number(applied.minDailyWage), lng) });
      case 'onlyWithFreePositions':
        return t('filters.alsoFull');
      default:
        return t(`filters.${key}`);
    }
  };
  return changedFilters(applied)
    .filter((key) => key !== 'withinKm')
    .map((key) => ({ key, name: nameOf(key) }));
}
