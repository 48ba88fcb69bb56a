import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PaymentPurpose } from '@moba/contracts';
import { landingOf, paths, roleRoot } from '../../app/paths';
import { useSession } from '../../app/session';
import { Spinner } from '../../components/Spinner';
import { useFeaturingCheckout } from '../featuring';
import type { PaymentResult } from './result';
import './payment-result.css';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { BigIcon, type IconName } from '../../components/Icon';

const icons: Record<PaymentResult['kind'], IconName> = {
  success: 'check',
  free: 'gift',
  error: 'warning',
  cancelled: 'undo',
  invalid: 'warning',
  unavailable: 'hourglass',
  unknown: 'question',
  processing: 'hourglass',
};

/** One payment outcome: icon, title, what it means for the moba (or the donation), and the way back. */
export function ResultView({
  result,
  purpose,
  amount,
  vacancyId,
}: {
  result: PaymentResult;
  purpose: PaymentPurpose;
  amount?: string;
  /** The featured moba, so its estate can try the payment again from here. */
  vacancyId?: string;
}) {
  const { t } = useTranslation(['payment', 'common']);
  const { role } = useSession();
  const checkout = useFeaturingCheckout();
  const good = result.kind === 'success' || result.kind === 'free';
  const canRetryFeaturing = !good && purpose === 'featuring' && role === 'Estate' && !!vacancyId;
  const key = `${purpose}.${result.kind}`;
  useDocumentTitle(result.kind === 'processing' ? t('processing.title') : t(`${key}.title`));
  if (result.kind === 'processing') {
    return (
      <section className="page narrow notice-page" data-testid="payment-processing">
        <h1>{t('processing.title')}</h1>
        <Spinner />
        <p className="lead">{t('processing.text')}</p>
      </section>
    );
  }
  return (
    <section
      className={`page narrow notice-page payment-result ${good ? 'good' : 'bad'}`}
      data-testid={`payment-result-${result.kind}`}
    >
      <BigIcon name={icons[result.kind]} />
      <h1>{t(`${key}.title`)}</h1>
      <p className="lead" role={good ? 'status' : 'alert'}>
        {t(`${key}.text`, { code: result.code ?? '—', amount: amount ?? '' })}
      </p>
      {result.code && result.kind !== 'unknown' && (
        <p className="muted small">{t('code', { code: result.code })}</p>
      )}
      {checkout.error && (
        <p className="alert error" role="alert" data-testid="payment-error">
          {checkout.error}
        </p>
      )}
      <div className="actions payment-actions">
        {purpose === 'featuring' && role === 'Estate' ? (
          <>
            {canRetryFeaturing && (
              <button
                type="button"
                className="primary"
                disabled={checkout.busy}
                onClick={() => void checkout.start(vacancyId)}
                data-testid="retry-payment"
              >
                {t('tryAgain')}
              </button>
            )}
            <Link
              className={`button ${canRetryFeaturing ? 'secondary' : 'primary'}`}
              to={paths.estate.myMobas}
              data-testid="back-to-mobas"
            >
              {t('backToMobas')}
            </Link>
          </>
        ) : purpose === 'featuring' ? (
          <Link className="button primary" to={paths.login}>
            {t('toLogin')}
          </Link>
        ) : (
          <>
            {!good && (
              <Link className="button primary" to={`${roleRoot(role)}${paths.crowdfunding}`}>
                {t('tryAgain')}
              </Link>
            )}
            <Link
              className={`button ${good ? 'primary' : 'secondary'}`}
              to={role ? landingOf(role) : paths.home}
            >
              {role ? t('backToPlatform') : t('common:actions.toHome')}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
