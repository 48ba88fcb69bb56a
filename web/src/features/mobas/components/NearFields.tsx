import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RegionOptions } from '../../../components/RegionOptions';
import type { Region } from '@moba/contracts';
import { Field } from '../../../components/Field';
import type { FilterForm } from '../filters';
import { usePlaceName, type Places } from '../../../lib/names';

/**
 * Where distances are measured from (the worker's municipality unless they pick another: until the
 * worker types, the field shows it as its value); how far and in which order are chips above the list
 * (BrowseChips). Says how distance is measured: a straight line from seat to seat of the municipalities.
 */
export function NearFields({
  form,
  set,
  nearInEffect,
  lists,
}: {
  form: FilterForm;
  set: <K extends keyof FilterForm>(key: K, value: FilterForm[K]) => void;
  /** Where the list measures from now (the worker's municipality when no other is typed). */
  nearInEffect?: string;
  /** The place lists for the suggestions, once they have arrived. */
  lists: Places | undefined;
}) {
  const { t } = useTranslation('find');
  const placeName = usePlaceName();
  const listId = useId();
  const regionId = useId();
  const places = lists?.municipalityNames(form.nearRegion) ?? [];
  const [typed, setTyped] = useState(false);
  const home = nearInEffect ? placeName(nearInEffect) : '';
  return (
    <fieldset className="near-fields" data-testid="near-fields">
      <legend className="sr-only">{t('near.place')}</legend>
      <div className="row">
        <Field
          label={t('near.place')}
          hint={t('near.hint')}
          list={listId}
          autoComplete="off"
          value={typed || form.near ? form.near : home}
          onChange={(e) => {
            setTyped(true);
            set('near', e.target.value);
          }}
          data-testid="near-place"
        />
        <datalist id={listId}>
          {places.map((p) => (
            <option key={p} value={placeName(p)} />
          ))}
        </datalist>
        <div className="field">
          <label htmlFor={regionId}>{t('near.region')}</label>
          <select
            id={regionId}
            value={form.nearRegion}
            onChange={(e) => set('nearRegion', e.target.value as Region)}
          >
            <RegionOptions nameOf={(r) => t(`regions.${r}`)} />
          </select>
        </div>
      </div>
    </fieldset>
  );
}
