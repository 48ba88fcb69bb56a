import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { belowMinimumWage, paymentTypes } from '@moba/contracts';
import { formatRsd } from '../../../lib/format';
import { Labelled } from '../../../components/Labelled';
import { NumberInput } from '../../../components/NumberInput';
import { RadioGroup } from '../../../components/RadioGroup';
import type { DraftForm, DraftSectionProps } from './draft-section-props';

/**
 * Below the legal minimum for the hours given (contracts' belowMinimumWage, the rule that holds the
 * moba for review on the server): the minimum to pay, on the moba's first day (today until chosen).
 */
function BelowMinimumWage({ form, today }: { form: DraftForm; today: string }) {
  const { t, i18n } = useTranslation('create-moba');
  const [wage, hours, startDate] = form.watch(['dailyWage', 'hoursPerDay', 'startDate']);
  const dailyWage = Number(wage);
  const hoursPerDay = Number(hours);
  if (!wage || !hours || !(dailyWage > 0) || !(hoursPerDay > 0)) return null;
  const low = belowMinimumWage({
    paymentType: 'DailyWage',
    dailyWage,
    hoursPerDay,
    startDate: startDate || today,
  });
  if (!low) return null;
  return (
    <p className="alert warning" role="status" data-testid="wage-below-minimum">
      {t('wageBelowMinimum', {
        count: hoursPerDay,
        minimum: formatRsd(low.minimum, i18n.language),
        hourly: formatRsd(low.netRsdPerHour, i18n.language),
      })}
    </p>
  );
}

/** The payment type and the amounts that type asks for. */
export function PaymentSection({ form, errorOf, today }: DraftSectionProps & { today: string }) {
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
            {(c) => <NumberInput {...c} min={1} step={100} {...form.register('dailyWage')} />}
          </Labelled>
        )}
        {paymentType === 'DailyWage' && <BelowMinimumWage form={form} today={today} />}
        {paymentType === 'Norm' && (
          <div className="row">
            <Labelled label={t('fields.norm')} hint={t('normHint')} error={errorOf('norm')}>
              {(c) => <input {...c} {...form.register('norm')} />}
            </Labelled>
            <Labelled label={t('fields.normPrice')} error={errorOf('normPrice')}>
              {(c) => <NumberInput {...c} min={1} {...form.register('normPrice')} />}
            </Labelled>
          </div>
        )}
        {paymentType === 'ByAgreement' && <p className="hint">{t('byAgreementHint')}</p>}
      </div>
    </fieldset>
  );
}
