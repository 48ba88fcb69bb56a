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
          <div className="slip-box">
            <span className="slip-label">{t('slip.payer')}</span>
            <span className="slip-value slip-blank">{slip.payer || '\u00a0'}</span>
          </div>
          <div className="slip-box">
            <span className="slip-label">{t('slip.purpose')}</span>
            <span className="slip-value">{slip.purpose}</span>
          </div>
          <div className="slip-box">
            <span className="slip-label">{t('slip.recipient')}</span>
            <span className="slip-value">
              {slip.recipient}
              <br />
              {slip.recipientPlace}
            </span>
          </div>
          <div className="slip-box slip-sign">
            <span className="slip-label">{t('slip.signature')}</span>
            <span className="slip-value slip-blank">&nbsp;</span>
          </div>
          <div className="slip-box slip-sign">
            <span className="slip-label">{t('slip.placeDate')}</span>
            <span className="slip-value slip-blank">&nbsp;</span>
          </div>
        </div>
        <div className="slip-col">
          <div className="slip-row3">
            <div className="slip-box">
              <span className="slip-label">{t('slip.paymentCode')}</span>
              <span className="slip-value" data-testid="slip-code">
                {slip.paymentCode}
              </span>
            </div>
            <div className="slip-box">
              <span className="slip-label">{t('slip.currency')}</span>
              <span className="slip-value">{slip.currency}</span>
            </div>
            <div className="slip-box">
              <span className="slip-label">{t('slip.amount')}</span>
              <span className="slip-value" data-testid="slip-amount">
                ={slip.amountText}
              </span>
            </div>
          </div>
          <div className="slip-box">
            <span className="slip-label">{t('slip.account')}</span>
            <span className="slip-value slip-mono" data-testid="slip-account">
              {slip.account}
            </span>
          </div>
          <div className="slip-row2">
            <div className="slip-box">
              <span className="slip-label">{t('slip.model')}</span>
              <span className="slip-value slip-mono">{slip.model}</span>
            </div>
            <div className="slip-box">
              <span className="slip-label">{t('slip.reference')}</span>
              <span className="slip-value slip-mono" data-testid="slip-reference">
                {slip.reference}
              </span>
            </div>
          </div>
          <div className="slip-box slip-sign">
            <span className="slip-label">{t('slip.executionDate')}</span>
            <span className="slip-value slip-blank">&nbsp;</span>
          </div>
        </div>
        <p className="slip-title-print">{t('slip.formName')}</p>
      </div>
      <p className="muted small no-print">
        {t('slip.total', { amount: formatRsd(data.amount, i18n.language) })}
      </p>
    </section>
  );
}
