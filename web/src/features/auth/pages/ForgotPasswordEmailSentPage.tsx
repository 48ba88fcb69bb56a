import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { BigIcon } from '../../../components/Icon';

export default function ForgotPasswordEmailSentPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  useDocumentTitle(t('forgot.sentTitle'));
  const email = (useLocation().state as { email?: string } | null)?.email ?? '';
  return (
    <section className="page narrow notice-page">
      <BigIcon name="mail" />
      <h1>{t('forgot.sentTitle')}</h1>
      <p className="lead">{t('forgot.sentText', { email })}</p>
      <Link to={paths.login} className="button primary">
        {t('common:actions.toLogin')}
      </Link>
    </section>
  );
}
