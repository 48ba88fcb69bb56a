import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationInstructionsResponse } from '@moba/contracts';
import { formatRsd } from '../../lib/format';
import { Icon } from '../../components/Icon';

/**
 * The general payment slip (nalog za uplatu) filled in for the donation, laid out like the paper
 * form (payer, purpose, recipient on the left; code, currency, amount, account, model and reference
 * on the right) and printable on its own (see the print rules in donations.css).
 */
export function PaymentSlipView({ data }: { data: DonationInstructionsResponse }) {
  const { t, i18n } = useTranslation('donations');
  const { slip } = data;
  return (
    <section className="donation-result printable" aria-labelledby="slip-title" data-testid="slip-result">
      <div className="slip-head">
        <h3 id="slip-title">{t('slip.title')}</h3>
        <button type="button" className="secondary no-print" onClick={() => window.print()}>
          <Icon name="print" /> {t('slip.print')}
        </button>
      </div>
      <p className="no-print">{t('slip.how')}</p>
      <div className="slip" role="group" aria-label={t('slip.formName')}>
        <div className="slip-col">
          <SlipBox label={t('slip.payer')} blank>
            {slip.payer || '\u00a0'}
          </SlipBox>
          <SlipBox label={t('slip.purpose')}>{slip.purpose}</SlipBox>
          <SlipBox label={t('slip.recipient')}>
            {slip.recipient}
            <br />
            {slip.recipientPlace}
          </SlipBox>
          <SignatureBox label={t('slip.signature')} />
          <SignatureBox label={t('slip.placeDate')} />
        </div>
        <div className="slip-col">
          <div className="slip-row3">
            <SlipBox label={t('slip.paymentCode')} testId="slip-code">
              {slip.paymentCode}
            </SlipBox>
            <SlipBox label={t('slip.currency')}>{slip.currency}</SlipBox>
            <SlipBox label={t('slip.amount')} testId="slip-amount">
              ={slip.amountText}
            </SlipBox>
          </div>
          <SlipBox label={t('slip.account')} mono testId="slip-account">
            {slip.account}
          </SlipBox>
          <div className="slip-row2">
            <SlipBox label={t('slip.model')} mono>
              {slip.model}
            </SlipBox>
            <SlipBox label={t('slip.reference')} mono testId="slip-reference">
              {slip.reference}
            </SlipBox>
          </div>
          <SignatureBox label={t('slip.executionDate')} />
        </div>
        <p className="slip-title-print">{t('slip.formName')}</p>
      </div>
      <p className="muted small no-print">
        {t('slip.total', { amount: formatRsd(data.amount, i18n.language) })}
      </p>
    </section>
  );
}

/** One labelled box of the slip; `blank` is a line to write on, `mono` a number read digit by digit. */
function SlipBox({
  label,
  blank = false,
  mono = false,
  testId,
  children,
}: {
  label: string;
  blank?: boolean;
  mono?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const valueClass = ['slip-value', blank && 'slip-blank', mono && 'slip-mono'].filter(Boolean).join(' ');
  return (
    <div className="slip-box">
      <span className="slip-label">{label}</span>
      <span className={valueClass} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/** A box the payer signs or dates by hand on the printed slip. */
function SignatureBox({ label }: { label: string }) {
  return (
    <div className="slip-box slip-sign">
      <span className="slip-label">{label}</span>
      <span className="slip-value slip-blank">&nbsp;</span>
    </div>
  );
}
