import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { crops, jobActivities } from '@moba/contracts/reference/work';
import { paymentTypes } from '@moba/contracts/plain-values';
import { Field } from '../../../components/Field';
import { flags, type FilterForm } from '../filters';
import { usePlaceName, usePlaces, useWorkNames } from '../../../lib/names';
import { NearFields } from './NearFields';
import { byReaderOrder } from '../../../lib/format';

export interface FilterFieldsProps {
  /** What the worker is editing (kept by the page, so nothing is lost while this code loads). */
  form: FilterForm;
  set: <K extends keyof FilterForm>(key: K, value: FilterForm[K]) => void;
  onSubmit: () => void;
  onReset: () => void;
  /** The place the list's distances are measured from (the worker's own municipality by default). */
  nearInEffect?: string;
}

/**
 * The browse filters' fields, fetched when "Više filtera" first opens (FilterSheet): the form, the
 * crop and job lists and the place suggestions are not needed for the list of mobas.
 */
export default function FilterFields({ form, set, onSubmit, onReset, nearInEffect }: FilterFieldsProps) {
  const { t, i18n } = useTranslation(['mobas', 'common']);
  const lng = i18n.language;
  const listId = useId();
  const lists = usePlaces(true);
  const placeName = usePlaceName();
  const { cropName, activityName } = useWorkNames();
  const places = byReaderOrder(lists?.municipalityNames('RS') ?? [], placeName, lng);
  const districts = byReaderOrder(lists?.districtsRs ?? [], placeName, lng);
  const cropOptions = byReaderOrder(
    crops.map((c) => ({ value: c.id, label: cropName(c.id) })),
    (o) => o.label,
    lng,
  );
  const activityOptions = byReaderOrder(
    jobActivities.map((a) => ({ value: a.id, label: activityName(a.id) })),
    (o) => o.label,
    lng,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  // Plain controlled inputs, not react-hook-form: filters have no rule to check here (toFilters drops
  // what does not read; the service checks the query), and the browse start carries no form library.
  return (
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
          options={cropOptions}
        />
        <Select
          label={t('filters.jobActivity')}
          value={form.jobActivity}
          onChange={(v) => set('jobActivity', v)}
          anyLabel={t('filters.any')}
          options={activityOptions}
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
