import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { BigIcon } from '../../../components/Icon';

export default function ConfirmationEmailSentPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  useDocumentTitle(t('confirm.sentTitle'));
  return (
    <section className="page narrow notice-page">
      <BigIcon name="mail" />
      <h1>{t('confirm.sentTitle')}</h1>
      <p className="lead">{t('confirm.sentText')}</p>
      <p className="muted">{t('confirm.sentHint')}</p>
      <Link to={paths.login} className="button primary">
        {t('common:actions.toLogin')}
      </Link>
    </section>
  );
}
