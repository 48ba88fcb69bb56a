import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { BigIcon } from '../../../components/Icon';

export default function SuccessfulPasswordResetPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  useDocumentTitle(t('newPassword.successTitle'));
  return (
    <section className="page narrow notice-page">
      <BigIcon name="check" tone="ok" />
      <h1>{t('newPassword.successTitle')}</h1>
      <p className="lead">{t('newPassword.successText')}</p>
      <Link to={paths.login} className="button primary">
        {t('common:actions.toLogin')}
      </Link>
    </section>
  );
}
