import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SMS_REPLY_NUMBER } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { BigIcon } from '../../../components/Icon';

export default function SuccessfulGuestCreationPage() {
  const { t } = useTranslation(['public', 'common']);
  useDocumentTitle(t('public:guest.successTitle'));
  return (
    <section className="page narrow notice-page" aria-live="polite">
      <BigIcon name="check" tone="ok" />
      <h1>{t('public:guest.successTitle')}</h1>
      <p className="lead">{t('public:guest.successText')}</p>
      <p data-testid="guest-sms-start">{t('public:guest.smsStart', { number: SMS_REPLY_NUMBER })}</p>
      <Link to={paths.home} className="button primary">
        {t('common:actions.toHome')}
      </Link>
    </section>
  );
}
