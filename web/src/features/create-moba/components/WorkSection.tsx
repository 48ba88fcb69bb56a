import { useTranslation } from 'react-i18next';
import { crops, jobActivities } from '@moba/contracts';
import { Labelled } from '../../mobas/components/Labelled';
import { ChoiceChips } from '../../../components/ChoiceChips';
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
        <ChoiceChips
          label={t('fields.jobActivities')}
          hint={t('multiHint')}
          error={errorOf('jobActivities')}
          options={jobActivities.map((a) => ({ value: a.id, label: activityName(a.id, lng) }))}
          value={draft.jobActivities}
          onChange={(values) => set('jobActivities', values)}
          onBlur={touch('jobActivities')}
        />
        <ChoiceChips
          label={
            <>
              {t('fields.crops')} <span className="muted">{t('common:optional')}</span>
            </>
          }
          hint={t('multiHint')}
          error={errorOf('crops')}
          options={crops.map((cr) => ({ value: cr.id, label: cropName(cr.id, lng) }))}
          value={draft.crops}
          onChange={(values) => set('crops', values)}
        />
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
