import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NoticeToLogin } from '../components/account-pages';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

export default function ForgotPasswordEmailSentPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  useDocumentTitle(t('forgot.sentTitle'));
  const email = (useLocation().state as { email?: string } | null)?.email ?? '';
  return <NoticeToLogin icon="mail" title={t('forgot.sentTitle')} lead={t('forgot.sentText', { email })} />;
}
