import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { crops, jobActivities } from '@moba/contracts';
import { Labelled, OptionalLabel } from '../../../components/Labelled';
import { NumberInput } from '../../../components/NumberInput';
import { ChoiceChips } from '../../../components/ChoiceChips';
import { useWorkNames } from '../../../lib/reference';
import type { DraftSectionProps } from './draft-section-props';

/** The work itself: job activities, crops and how many workers. */
export function WorkSection({ form, errorOf }: DraftSectionProps) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  const { cropName, activityName } = useWorkNames();
  return (
    <fieldset>
      <legend>{t('sections.work')}</legend>
      <div className="form">
        <Controller
          control={form.control}
          name="jobActivities"
          render={({ field }) => (
            <ChoiceChips
              ref={field.ref}
              label={t('fields.jobActivities')}
              hint={t('multiHint')}
              error={errorOf('jobActivities')}
              options={jobActivities.map((a) => ({ value: a.id, label: activityName(a.id) }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={form.control}
          name="crops"
          render={({ field }) => (
            <ChoiceChips
              ref={field.ref}
              label={<OptionalLabel>{t('fields.crops')}</OptionalLabel>}
              hint={t('multiHint')}
              error={errorOf('crops')}
              options={crops.map((cr) => ({ value: cr.id, label: cropName(cr.id) }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Labelled label={t('fields.numberOfWorkers')} error={errorOf('numberOfWorkers')}>
          {(c) => <NumberInput {...c} min={1} {...form.register('numberOfWorkers')} />}
        </Labelled>
      </div>
    </fieldset>
  );
}
