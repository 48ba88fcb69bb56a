import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { landingOf, paths } from '../../../app/paths';
import { isUuidV4 } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { formatRsd } from '../../../lib/format';
import { Spinner } from '../../../components/Spinner';
import { useDonationStatusQuery } from '../api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { BigIcon } from '../../../components/Icon';

/** /payment/donation/success: where the card checkout sends a donor after a successful payment. */
export default function DonationSuccessPage() {
  const { t, i18n } = useTranslation(['donations', 'common']);
  useDocumentTitle(t('success.title'));
  const { role } = useSession();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const known = isUuidV4(paymentId ?? undefined);
  const { data, isLoading } = useDonationStatusQuery(paymentId ?? '', { skip: !known });
  const confirmed = data?.purpose === 'donation' && data.status === 'succeeded';
  return (
    <section className="page narrow notice-page" data-testid="donation-success">
      <BigIcon name="heart" tone="ok" />
      <h1>{t('success.title')}</h1>
      {known && isLoading ? (
        <Spinner />
      ) : (
        <p className="lead" role="status">
          {confirmed
            ? t('success.textAmount', { amount: formatRsd(data.amount, i18n.language) })
            : t('success.text')}
        </p>
      )}
      <p>{t('success.more')}</p>
      <div className="actions" style={{ justifyContent: 'center' }}>
        <Link className="button primary" to={role ? landingOf(role) : paths.home}>
          {role ? t('success.backToPlatform') : t('common:actions.toHome')}
        </Link>
      </div>
    </section>
  );
}
