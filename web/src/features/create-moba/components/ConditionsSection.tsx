import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../../components/RadioGroup';
import type { DraftSectionProps } from './draft-section-props';

const conditions = [
  'foodProvided',
  'transportProvided',
  'accommodationProvided',
  'groupLeadersAccepted',
] as const;

/** The yes/no working conditions: food, transport, accommodation, group leaders. */
export function ConditionsSection({ form, errorOf }: DraftSectionProps) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  return (
    <fieldset>
      <legend>{t('sections.conditions')}</legend>
      <div className="form">
        {conditions.map((key) => (
          <Controller
            key={key}
            control={form.control}
            name={key}
            render={({ field }) => (
              <RadioGroup
                ref={field.ref}
                legend={t(`fields.${key}`)}
                name={key}
                error={errorOf(key)}
                testId={`group-${key}`}
                options={[
                  { value: 'yes', label: t('mobas:facts.yes') },
                  { value: 'no', label: t('mobas:facts.no') },
                ]}
                value={field.value === undefined ? '' : field.value ? 'yes' : 'no'}
                onChange={(v) => field.onChange(v === 'yes')}
                onBlur={field.onBlur}
              />
            )}
          />
        ))}
      </div>
    </fieldset>
  );
}
