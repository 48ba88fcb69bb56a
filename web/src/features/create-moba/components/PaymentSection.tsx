import { useTranslation } from 'react-i18next';
import { paymentTypes, type PaymentType } from '@moba/contracts';
import { Labelled } from '../../mobas/components/Labelled';
import { RadioGroup } from './RadioGroup';
import type { DraftSectionProps } from './draft-section-props';

/** The payment type and the amounts that type asks for. */
export function PaymentSection({ draft, set, touch, errorOf }: DraftSectionProps) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  return (
    <fieldset>
      <legend>{t('sections.payment')}</legend>
      <div className="form">
        <RadioGroup
          legend={t('fields.paymentType')}
          name="paymentType"
          value={draft.paymentType}
          options={paymentTypes.map((p) => ({ value: p, label: t(`mobas:paymentType.${p}`) }))}
          onChange={(v) => set('paymentType', v as PaymentType)}
        />
        {draft.paymentType === 'DailyWage' && (
          <Labelled label={t('fields.dailyWage')} error={errorOf('dailyWage')}>
            {(c) => (
              <input
                {...c}
                type="number"
                inputMode="numeric"
                min={1}
                step={100}
                value={draft.dailyWage}
                onBlur={touch('dailyWage')}
                onChange={(e) => set('dailyWage', e.target.value)}
              />
            )}
          </Labelled>
        )}
        {draft.paymentType === 'Norm' && (
          <div className="row">
            <Labelled label={t('fields.norm')} hint={t('normHint')} error={errorOf('norm')}>
              {(c) => (
                <input
                  {...c}
                  value={draft.norm}
                  onBlur={touch('norm')}
                  onChange={(e) => set('norm', e.target.value)}
                />
              )}
            </Labelled>
            <Labelled label={t('fields.normPrice')} error={errorOf('normPrice')}>
              {(c) => (
                <input
                  {...c}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={draft.normPrice}
                  onBlur={touch('normPrice')}
                  onChange={(e) => set('normPrice', e.target.value)}
                />
              )}
            </Labelled>
          </div>
        )}
        {draft.paymentType === 'ByAgreement' && <p className="hint">{t('byAgreementHint')}</p>}
      </div>
    </fieldset>
  );
}
