import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { regions, type Region } from '@moba/contracts';
import { municipalityNames } from '@moba/contracts/reference/index';
import { withinKmChoices } from '@moba/contracts/reference/seats';
import { Field } from '../../../components/Field';
import type { FilterForm } from '../filters';
import { placeName } from '../reference';

/**
 * Where distances are measured from (the worker's municipality unless they pick another: the field
 * then shows it as its placeholder), how far at most, and whether the nearest come first (the
 * default) or the featured ones. Says how distance is measured: a straight line from
 * seat to seat of the municipalities.
 */
export function NearFields({
  form,
  set,
  nearInEffect,
}: {
  form: FilterForm;
  set: <K extends keyof FilterForm>(key: K, value: FilterForm[K]) => void;
  /** Where the list measures from now (the worker's municipality when no other is typed). */
  nearInEffect?: string;
}) {
  const { t, i18n } = useTranslation('find');
  const lng = i18n.language;
  const listId = useId();
  const regionId = useId();
  const withinId = useId();
  const sortId = useId();
  const places = useMemo(() => municipalityNames(form.nearRegion), [form.nearRegion]);
  const noPlace = !form.near.trim() && !nearInEffect;
  return (
    <fieldset className="near-fields" data-testid="near-fields">
      <legend className="sr-only">{t('near.place')}</legend>
      <div className="row">
        <Field
          label={t('near.place')}
          hint={t('near.hint')}
          list={listId}
          autoComplete="off"
          value={form.near}
          placeholder={nearInEffect ? placeName(nearInEffect, lng) : undefined}
          onChange={(e) => set('near', e.target.value)}
          data-testid="near-place"
        />
        <datalist id={listId}>
          {places.map((p) => (
            <option key={p} value={placeName(p, lng)} />
          ))}
        </datalist>
        <div className="field">
          <label htmlFor={regionId}>{t('near.region')}</label>
          <select
            id={regionId}
            value={form.nearRegion}
            onChange={(e) => set('nearRegion', e.target.value as Region)}
          >
            {regions.map((r) => (
              <option key={r} value={r}>
                {t(`regions.${r}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor={withinId}>{t('near.within')}</label>
          <select
            id={withinId}
            value={form.withinKm}
            disabled={noPlace}
            onChange={(e) => set('withinKm', e.target.value)}
            data-testid="near-within"
          >
            <option value="">{t('near.anyDistance')}</option>
            {withinKmChoices.map((km) => (
              <option key={km} value={String(km)}>
                {t('near.withinKm', { km })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={sortId}>{t('near.sort')}</label>
          <select
            id={sortId}
            value={form.sort}
            disabled={noPlace}
            onChange={(e) => set('sort', e.target.value as FilterForm['sort'])}
            data-testid="near-sort"
          >
            <option value="">{t('near.sortDistance')}</option>
            <option value="featured">{t('near.sortFeatured')}</option>
          </select>
        </div>
      </div>
    </fieldset>
  );
}
