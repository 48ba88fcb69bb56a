import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { crops, districtsRs } from '@moba/contracts/reference/index';
import { Field } from '../../../components/Field';
import { cropName } from '../../mobas/reference';
import { checkFilter, type FilterDraft } from './queue-filter';

/** The queue's filters: municipality, district, moba start dates, crop, and the order by waiting time. */
export function QueueFilters({
  applied,
  onApply,
}: {
  applied: FilterDraft;
  onApply: (draft: FilterDraft) => void;
}) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [draft, setDraft] = useState<FilterDraft>(applied);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof FilterDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFilter(draft);
    setErrors(checked.errors ?? {});
    if (checked.filter) onApply(draft);
  };

  return (
    <form
      className="queue-filters"
      onSubmit={submit}
      aria-label={t('queue.filters')}
      data-testid="queue-filters"
    >
      <Field
        label={t('fields.municipality')}
        value={draft.municipality ?? ''}
        error={errors.municipality}
        onChange={(e) => set('municipality')(e.target.value)}
      />
      <div className="field">
        <label htmlFor="queue-district">{t('queue.district')}</label>
        <select
          id="queue-district"
          value={draft.district ?? ''}
          onChange={(e) => set('district')(e.target.value)}
        >
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
        value={draft.startFrom ?? ''}
        error={errors.startFrom}
        onChange={(e) => set('startFrom')(e.target.value)}
      />
      <Field
        type="date"
        label={t('queue.startTo')}
        value={draft.startTo ?? ''}
        error={errors.startTo}
        onChange={(e) => set('startTo')(e.target.value)}
      />
      <div className="field">
        <label htmlFor="queue-crop">{t('queue.crop')}</label>
        <select id="queue-crop" value={draft.crop ?? ''} onChange={(e) => set('crop')(e.target.value)}>
          <option value="">{t('queue.any')}</option>
          {crops.map((c) => (
            <option key={c.id} value={c.id}>
              {cropName(c.id, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="queue-sort">{t('queue.sort')}</label>
        <select id="queue-sort" value={draft.sort ?? 'oldest'} onChange={(e) => set('sort')(e.target.value)}>
          <option value="oldest">{t('queue.sortOldest')}</option>
          <option value="newest">{t('queue.sortNewest')}</option>
        </select>
      </div>
      <div className="form-actions">
        <button
          type="button"
          onClick={() => {
            setDraft({});
            setErrors({});
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
