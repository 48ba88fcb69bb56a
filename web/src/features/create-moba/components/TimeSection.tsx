import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VACANCY_MAX_DAYS, workDurationHours } from '@moba/contracts';
import { Labelled } from '../../../components/Labelled';
import { NumberInput } from '../../../components/NumberInput';
import type { DraftForm, DraftSectionProps } from './draft-section-props';

const duration = (start: string, end: string) => workDurationHours(start || '00:00', end || '00:00');

/** A work time whose change moves the hours along while the estate has not typed a different number. */
function registerTime(form: DraftForm, key: 'workStartTime' | 'workEndTime') {
  const field = form.register(key);
  return {
    ...field,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const before = form.getValues();
      const after = { ...before, [key]: e.target.value };
      const hours = duration(after.workStartTime, after.workEndTime);
      if (before.hoursPerDay === String(duration(before.workStartTime, before.workEndTime)) && hours > 0)
        form.setValue('hoursPerDay', String(hours), { shouldValidate: form.formState.isSubmitted });
      return field.onChange(e);
    },
  };
}

/** Dates, daily work times with the resulting duration, and hours per day. */
export function TimeSection({ form, errorOf, today }: DraftSectionProps & { today: string }) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  const [startDate, workStartTime, workEndTime] = form.watch(['startDate', 'workStartTime', 'workEndTime']);
  const hours = duration(workStartTime, workEndTime);
  return (
    <fieldset>
      <legend>{t('sections.time')}</legend>
      <div className="form">
        <p className="hint">{t('datesHint', { count: VACANCY_MAX_DAYS })}</p>
        <div className="row">
          <Labelled label={t('fields.startDate')} error={errorOf('startDate')}>
            {(c) => <input {...c} type="date" min={today} {...form.register('startDate')} />}
          </Labelled>
          <Labelled label={t('fields.endDate')} error={errorOf('endDate')}>
            {(c) => <input {...c} type="date" min={startDate || today} {...form.register('endDate')} />}
          </Labelled>
        </div>
        <div className="row">
          <Labelled label={t('fields.workStartTime')} error={errorOf('workStartTime')}>
            {(c) => <input {...c} type="time" {...registerTime(form, 'workStartTime')} />}
          </Labelled>
          <Labelled label={t('fields.workEndTime')} error={errorOf('workEndTime')}>
            {(c) => <input {...c} type="time" {...registerTime(form, 'workEndTime')} />}
          </Labelled>
        </div>
        <p className="duration" data-testid="duration" aria-live="polite">
          {hours > 0 ? t('duration', { count: hours }) : t('durationNone')}
        </p>
        <Labelled label={t('fields.hoursPerDay')} error={errorOf('hoursPerDay')}>
          {(c) => <NumberInput {...c} min={1} max={16} {...form.register('hoursPerDay')} />}
        </Labelled>
      </div>
    </fieldset>
  );
}
