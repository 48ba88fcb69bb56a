import { useTranslation } from 'react-i18next';
import { NoticeToLogin } from '../components/account-pages';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

export default function SuccessfulPasswordResetPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  useDocumentTitle(t('newPassword.successTitle'));
  return (
    <NoticeToLogin
      icon="check"
      tone="ok"
      title={t('newPassword.successTitle')}
      lead={t('newPassword.successText')}
    />
  );
}
