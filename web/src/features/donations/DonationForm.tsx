import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Provider } from 'react-redux';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  donationPaymentBodySchema,
  donationTierOf,
  formatRsd as formatRsdExact,
  type DonationInstructionsResponse,
  type DonationMethod,
} from '@moba/contracts';
import { DONATION_METHODS } from '@moba/contracts/limits';
import { contactOf, paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { store } from '../../lib/store';
import { formatRsd } from '../../lib/format';
import { parseAmount, suggestedAmount, tierOfText, tiers } from './amount';
import { useIssueText } from '../../components/Field';
import { codedResolver } from '../../lib/validation';
import { useCreatePaymentMutation, useDonationInstructionsMutation, type CreatePaymentError } from './api';
import { createAnswerOf, type CreateAnswer } from './payment-answer';
import { PaymentSlipView } from './PaymentSlipView';
import './donations.css';
import { Icon, type IconName } from '../../components/Icon';

const methodIcons: Record<DonationMethod, IconName> = { qr: 'mobile', slip: 'slip', card: 'card' };

function QrInstructions({ data }: { data: DonationInstructionsResponse }) {
  const { t } = useTranslation('donations');
  const amount = formatRsdExact(data.amount);
  return (
    <section
      className="donation-result qr-result printable"
      aria-labelledby="qr-title"
      data-testid="qr-result"
    >
      <h3 id="qr-title">{t('qr.title')}</h3>
      <div className="qr-layout">
        <figure className="qr-figure">
          <img
            src={data.qrPngDataUrl}
            alt={t('qr.alt', { amount })}
            width={240}
            height={240}
            data-testid="ips-qr"
          />
          <figcaption>NBS IPS QR</figcaption>
        </figure>
        <div>
          <p>{t('qr.how')}</p>
          <dl className="pay-details">
            <dt>{t('slip.recipient')}</dt>
            <dd>
              {data.slip.recipient}, {data.slip.recipientPlace}
            </dd>
            <dt>{t('slip.account')}</dt>
            <dd data-testid="qr-account">{data.slip.account}</dd>
            <dt>{t('slip.amount')}</dt>
            <dd>{amount}</dd>
            <dt>{t('slip.purpose')}</dt>
            <dd>{data.slip.purpose}</dd>
            <dt>{t('slip.paymentCode')}</dt>
            <dd>{data.payload.match(/\|SF:(\d{3})/)?.[1] ?? data.slip.paymentCode}</dd>
            <dt>{t('slip.modelReference')}</dt>
            <dd>
              {data.slip.model} {data.slip.reference}
            </dd>
          </dl>
        </div>
      </div>
      <details className="no-print">
        <summary>{t('qr.payload')}</summary>
        <pre className="payload" data-testid="qr-payload">
          {data.payload}
        </pre>
      </details>
    </section>
  );
}

interface DonationFields {
  amount: string;
  method: DonationMethod;
}
const initial: DonationFields = { amount: '', method: 'qr' };

/** The typed amount read as people write it, checked with the server's rules of a donation. */
const resolver = codedResolver(donationPaymentBodySchema, ({ amount, method }: DonationFields) => ({
  purpose: 'donation' as const,
  amount: parseAmount(amount),
  method,
}));

function Form() {
  const { t, i18n } = useTranslation(['donations', 'common']);
  const issueText = useIssueText('donations');
  const { role } = useSession();
  const amountId = useId();
  const { register, handleSubmit, setValue, clearErrors, watch, formState } = useForm({
    resolver,
    defaultValues: initial,
  });
  const [instructions, setInstructions] = useState<DonationInstructionsResponse | null>(null);
  const [cardProblem, setCardProblem] = useState<Exclude<CreateAnswer, { url: string }> | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [getInstructions, instructionsState] = useDonationInstructionsMutation();
  const [createPayment, createState] = useCreatePaymentMutation();
  const method = watch('method');
  const activeTier = tierOfText(watch('amount'));
  const amountError = issueText(formState.errors.amount?.message, 'amount');
  const busy = instructionsState.isLoading || createState.isLoading || redirecting;
  // Marks the form interactive once hydrated on top of the pre-rendered HTML.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const submit = handleSubmit(
    async ({ amount, method }) => {
      setInstructions(null);
      setCardProblem(null);
      const tier = donationTierOf(amount);
      if (method === 'card') {
        const result = await createPayment({ purpose: 'donation', amount, method: 'card', tier });
        const answer =
          'data' in result && result.data !== undefined
            ? createAnswerOf(200, result.data, null)
            : createAnswerOf(
                (result.error as CreatePaymentError).status,
                (result.error as CreatePaymentError).text,
                (result.error as CreatePaymentError).code,
              );
        if ('url' in answer) {
          setRedirecting(true);
          window.location.assign(answer.url);
        } else setCardProblem(answer);
        return;
      }
      const result = await getInstructions({ amount, method, tier });
      if ('data' in result && result.data) setInstructions(result.data);
    },
    () => {
      setInstructions(null);
      setCardProblem(null);
    },
  );

  return (
    <div className="donation">
      <form
        className="form donation-form no-print"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby="donate-title"
        data-ready={ready}
      >
        <h2 id="donate-title">{t('form.title')}</h2>
        <fieldset>
          <legend>{t('form.tiers')}</legend>
          <div className="tier-buttons">
            {tiers.map((tier) => (
              <button
                key={tier.id}
                type="button"
                className={`tier-button${activeTier === tier.id ? ' active' : ''}`}
                aria-pressed={activeTier === tier.id}
                onClick={() => {
                  setValue('amount', String(suggestedAmount[tier.id]));
                  clearErrors('amount');
                }}
              >
                <strong>
                  {t(`tiers.${tier.id}.label`, {
                    min: formatRsd(tier.min, i18n.language),
                    max: tier.max === null ? '' : formatRsd(tier.max, i18n.language),
                  })}
                </strong>
                <span className="small">{t(`tiers.${tier.id}.what`)}</span>
              </button>
            ))}
          </div>
        </fieldset>
        <div className={`field${amountError ? ' has-error' : ''}`}>
          <label htmlFor={amountId}>{t('form.amount')}</label>
          <p id={`${amountId}-hint`} className="hint">
            {t('form.amountHint')}
          </p>
          <div className="amount-input">
            <input
              id={amountId}
              inputMode="decimal"
              autoComplete="transaction-amount"
              aria-invalid={amountError ? true : undefined}
              aria-describedby={[`${amountId}-hint`, amountError ? `${amountId}-error` : null]
                .filter(Boolean)
                .join(' ')}
              {...register('amount')}
            />
            <span aria-hidden="true">RSD</span>
          </div>
          {amountError && (
            <p id={`${amountId}-error`} className="error" role="alert">
              {amountError}
            </p>
          )}
        </div>
        <fieldset>
          <legend>{t('form.method')}</legend>
          <div className="choices">
            {DONATION_METHODS.map((m) => (
              <label key={m} className="check method">
                <input type="radio" value={m} {...register('method')} />
                <span>
                  <Icon name={methodIcons[m]} className="inline" /> <strong>{t(`methods.${m}.label`)}</strong>
                  <span className="hint block">{t(`methods.${m}.hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {instructionsState.error && (
          <div className="alert error" role="alert">
            {t('errors.instructions')}
          </div>
        )}
        {cardProblem && (
          <div className="alert error" role="alert" data-testid="card-error">
            <strong>{t(`errors.${cardProblem.status}`, { code: cardProblem.code ?? '—' })}</strong>
          </div>
        )}
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? t('common:loading') : t(`form.submit.${method}`)}
        </button>
      </form>
      <p className="no-print small tap-links">
        {t('form.questions')} <Link to={contactOf(role) ?? paths.contact}>{t('form.writeUs')}</Link>
      </p>
      <div aria-live="polite">
        {instructions?.method === 'qr' && <QrInstructions data={instructions} />}
        {instructions?.method === 'slip' && <PaymentSlipView data={instructions} />}
      </div>
    </div>
  );
}

/** The interactive donation form of /crowdfunding: loaded after the pre-rendered page, with its own store. */
export default function DonationForm() {
  return (
    <Provider store={store}>
      <Form />
    </Provider>
  );
}
