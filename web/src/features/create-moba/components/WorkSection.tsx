import { useTranslation } from 'react-i18next';
import { crops, jobActivities } from '@moba/contracts';
import { Labelled } from '../../mobas/components/Labelled';
import { activityName, cropName } from '../../mobas/reference';
import type { DraftSectionProps } from './draft-section-props';

/** The work itself: job activities, crops and how many workers. */
export function WorkSection({ draft, set, touch, errorOf }: DraftSectionProps) {
  const { t, i18n } = useTranslation(['create-moba', 'mobas', 'common']);
  const lng = i18n.language;
  return (
    <fieldset>
      <legend>{t('sections.work')}</legend>
      <div className="form">
        <Labelled label={t('fields.jobActivities')} hint={t('multiHint')} error={errorOf('jobActivities')}>
          {(c) => (
            <select
              {...c}
              multiple
              size={6}
              value={draft.jobActivities}
              onBlur={touch('jobActivities')}
              onChange={(e) =>
                set(
                  'jobActivities',
                  [...e.target.selectedOptions].map((o) => o.value),
                )
              }
            >
              {jobActivities.map((a) => (
                <option key={a.id} value={a.id}>
                  {activityName(a.id, lng)}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled
          label={
            <>
              {t('fields.crops')} <span className="muted">{t('common:optional')}</span>
            </>
          }
          hint={t('multiHint')}
          error={errorOf('crops')}
        >
          {(c) => (
            <select
              {...c}
              multiple
              size={6}
              value={draft.crops}
              onChange={(e) =>
                set(
                  'crops',
                  [...e.target.selectedOptions].map((o) => o.value),
                )
              }
            >
              {crops.map((cr) => (
                <option key={cr.id} value={cr.id}>
                  {cropName(cr.id, lng)}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={t('fields.numberOfWorkers')} error={errorOf('numberOfWorkers')}>
          {(c) => (
            <input
              {...c}
              type="number"
              inputMode="numeric"
              min={1}
              value={draft.numberOfWorkers}
              onBlur={touch('numberOfWorkers')}
              onChange={(e) => set('numberOfWorkers', e.target.value)}
            />
          )}
        </Labelled>
      </div>
    </fieldset>
  );
}
