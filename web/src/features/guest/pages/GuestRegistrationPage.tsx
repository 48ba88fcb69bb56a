import { useTranslation } from 'react-i18next';
import { SMS_REPLY_NUMBER } from '@moba/contracts';
import { QuickGuestForm } from '../QuickGuestForm';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** /guest-registration: someone (often a relative or the team) registers a person without an account. */
export default function GuestRegistrationPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('guest.title'));
  return (
    <section className="page narrow">
      <h1>{t('guest.title')}</h1>
      <p className="lead">{t('guest.lead')}</p>
      <p className="hint">{t('guest.smsNote', { number: SMS_REPLY_NUMBER })}</p>
      <QuickGuestForm withNote />
    </section>
  );
}
