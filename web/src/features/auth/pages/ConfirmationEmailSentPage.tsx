import { useTranslation } from 'react-i18next';
import { NoticeToLogin } from '../components/account-pages';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

export default function ConfirmationEmailSentPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  useDocumentTitle(t('confirm.sentTitle'));
  return (
    <NoticeToLogin icon="mail" title={t('confirm.sentTitle')} lead={t('confirm.sentText')}>
      <p className="muted">{t('confirm.sentHint')}</p>
    </NoticeToLogin>
  );
}
