import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { crops, districtsRs } from '@moba/contracts/reference/index';
import { Field } from '../../../components/Field';
import { useWorkNames } from '../../../lib/reference';
import { queueFilterSchema } from '@moba/contracts';
import { codedResolver } from '../../../lib/validation';
import { filterInput, type FilterDraft } from './queue-filter';

const cleared: FilterDraft = {
  municipality: '',
  district: '',
  startFrom: '',
  startTo: '',
  crop: '',
  sort: 'oldest',
};

/** The queue's filters: municipality, district, moba start dates, crop, and the order by waiting time. */
export function QueueFilters({
  applied,
  onApply,
}: {
  applied: FilterDraft;
  onApply: (draft: FilterDraft) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const { cropName } = useWorkNames();
  const { register, handleSubmit, reset, getValues, formState } = useForm<FilterDraft>({
    resolver: codedResolver(queueFilterSchema, filterInput),
    defaultValues: { ...cleared, ...applied },
  });
  const errors = formState.errors;
  // The address keeps the draft as typed; the page reads it with the same schema (queueFilterOf).
  const submit = handleSubmit(() => onApply(getValues()));

  return (
    <form
      className="queue-filters"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t('queue.filters')}
      data-testid="queue-filters"
    >
      <Field
        label={t('fields.municipality')}
        error={errors.municipality?.message}
        {...register('municipality')}
      />
      <div className="field">
        <label htmlFor="queue-district">{t('queue.district')}</label>
        <select id="queue-district" {...register('district')}>
          <option value="">{t('queue.any')}</option>
          {districtsRs.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </div>
      <Field
        type="date"
        label={t('queue.startFrom')}
        error={errors.startFrom?.message}
        {...register('startFrom')}
      />
      <Field
        type="date"
        label={t('queue.startTo')}
        error={errors.startTo?.message}
        {...register('startTo')}
      />
      <div className="field">
        <label htmlFor="queue-crop">{t('queue.crop')}</label>
        <select id="queue-crop" {...register('crop')}>
          <option value="">{t('queue.any')}</option>
          {crops.map((c) => (
            <option key={c.id} value={c.id}>
              {cropName(c.id)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="queue-sort">{t('queue.sort')}</label>
        <select id="queue-sort" {...register('sort')}>
          <option value="oldest">{t('queue.sortOldest')}</option>
          <option value="newest">{t('queue.sortNewest')}</option>
        </select>
      </div>
      <div className="form-actions">
        <button
          type="button"
          onClick={() => {
            reset(cleared);
            onApply({});
          }}
        >
          {t('queue.clear')}
        </button>
        <button type="submit" className="primary">
          {t('queue.apply')}
        </button>
      </div>
    </form>
  );
}
