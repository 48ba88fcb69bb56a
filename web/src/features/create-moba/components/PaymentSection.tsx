import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paymentTypes } from '@moba/contracts';
import { Labelled } from '../../../components/Labelled';
import { RadioGroup } from './RadioGroup';
import type { DraftSectionProps } from './draft-section-props';

/** The payment type and the amounts that type asks for. */
export function PaymentSection({ form, errorOf }: DraftSectionProps) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  const paymentType = form.watch('paymentType');
  return (
    <fieldset>
      <legend>{t('sections.payment')}</legend>
      <div className="form">
        <Controller
          control={form.control}
          name="paymentType"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              legend={t('fields.paymentType')}
              name="paymentType"
              value={field.value}
              options={paymentTypes.map((p) => ({ value: p, label: t(`mobas:paymentType.${p}`) }))}
              onChange={field.onChange}
            />
          )}
        />
        {paymentType === 'DailyWage' && (
          <Labelled label={t('fields.dailyWage')} error={errorOf('dailyWage')}>
            {(c) => (
              <input
                {...c}
                type="number"
                inputMode="numeric"
                min={1}
                step={100}
                {...form.register('dailyWage')}
              />
            )}
          </Labelled>
        )}
        {paymentType === 'Norm' && (
          <div className="row">
            <Labelled label={t('fields.norm')} hint={t('normHint')} error={errorOf('norm')}>
              {(c) => <input {...c} {...form.register('norm')} />}
            </Labelled>
            <Labelled label={t('fields.normPrice')} error={errorOf('normPrice')}>
              {(c) => (
                <input {...c} type="number" inputMode="numeric" min={1} {...form.register('normPrice')} />
              )}
            </Labelled>
          </div>
        )}
        {paymentType === 'ByAgreement' && <p className="hint">{t('byAgreementHint')}</p>}
      </div>
    </fieldset>
  );
}
