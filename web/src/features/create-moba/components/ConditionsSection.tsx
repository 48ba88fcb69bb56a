import { useTranslation } from 'react-i18next';
import { RadioGroup } from './RadioGroup';
import type { DraftSectionProps } from './draft-section-props';

type Condition = 'foodProvided' | 'transportProvided' | 'accommodationProvided' | 'groupLeadersAccepted';
const conditions: Condition[] = [
  'foodProvided',
  'transportProvided',
  'accommodationProvided',
  'groupLeadersAccepted',
];

/** The yes/no working conditions: food, transport, accommodation, group leaders. */
export function ConditionsSection({ draft, set, touch, errorOf }: DraftSectionProps) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  return (
    <fieldset>
      <legend>{t('sections.conditions')}</legend>
      <div className="form">
        {conditions.map((key) => (
          <RadioGroup
            key={key}
            legend={t(`fields.${key}`)}
            name={key}
            error={errorOf(key)}
            testId={`group-${key}`}
            options={[
              { value: 'yes', label: t('mobas:facts.yes') },
              { value: 'no', label: t('mobas:facts.no') },
            ]}
            value={draft[key] === undefined ? '' : draft[key] ? 'yes' : 'no'}
            onChange={(v) => {
              set(key, v === 'yes');
              touch(key)();
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
