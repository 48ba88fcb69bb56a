import { useTranslation } from 'react-i18next';
import { VACANCY_MAX_DAYS, workDurationHours } from '@moba/contracts';
import { Labelled } from '../../mobas/components/Labelled';
import type { DraftSectionProps } from './draft-section-props';

/** Dates, daily work times with the resulting duration, and hours per day. */
export function TimeSection({ draft, set, touch, errorOf, today }: DraftSectionProps & { today: string }) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  const duration = workDurationHours(draft.workStartTime || '00:00', draft.workEndTime || '00:00');
  return (
    <fieldset>
      <legend>{t('sections.time')}</legend>
      <div className="form">
        <p className="hint">{t('datesHint', { max: VACANCY_MAX_DAYS })}</p>
        <div className="row">
          <Labelled label={t('fields.startDate')} error={errorOf('startDate')}>
            {(c) => (
              <input
                {...c}
                type="date"
                min={today}
                value={draft.startDate}
                onBlur={touch('startDate')}
                onChange={(e) => set('startDate', e.target.value)}
              />
            )}
          </Labelled>
          <Labelled label={t('fields.endDate')} error={errorOf('endDate')}>
            {(c) => (
              <input
                {...c}
                type="date"
                min={draft.startDate || today}
                value={draft.endDate}
                onBlur={touch('endDate')}
                onChange={(e) => set('endDate', e.target.value)}
              />
            )}
          </Labelled>
        </div>
        <div className="row">
          <Labelled label={t('fields.workStartTime')} error={errorOf('workStartTime')}>
            {(c) => (
              <input
                {...c}
                type="time"
                value={draft.workStartTime}
                onBlur={touch('workStartTime')}
                onChange={(e) => set('workStartTime', e.target.value)}
              />
            )}
          </Labelled>
          <Labelled label={t('fields.workEndTime')} error={errorOf('workEndTime')}>
            {(c) => (
              <input
                {...c}
                type="time"
                value={draft.workEndTime}
                onBlur={touch('workEndTime')}
                onChange={(e) => set('workEndTime', e.target.value)}
              />
            )}
          </Labelled>
        </div>
        <p className="duration" data-testid="duration" aria-live="polite">
          {duration > 0 ? t('duration', { count: duration }) : t('durationNone')}
        </p>
        <Labelled label={t('fields.hoursPerDay')} error={errorOf('hoursPerDay')}>
          {(c) => (
            <input
              {...c}
              type="number"
              inputMode="numeric"
              min={1}
              max={16}
              value={draft.hoursPerDay}
              onBlur={touch('hoursPerDay')}
              onChange={(e) => set('hoursPerDay', e.target.value)}
            />
          )}
        </Labelled>
      </div>
    </fieldset>
  );
}
