import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NoticeToLogin } from '../components/account-pages';
import { Spinner } from '../../../components/Spinner';
import { useVerifyEmailMutation } from '../account-api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** Target of the confirmation link: /confirm-email?token=… posts the token once. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  useDocumentTitle(t('confirm.sentTitle'));
  const token = useSearchParams()[0].get('token');
  const [verify, { isSuccess, isError, isUninitialized }] = useVerifyEmailMutation();
  const sent = useRef(false);

  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      void verify({ token });
    }
  }, [token, verify]);

  if (token && (isUninitialized || (!isSuccess && !isError))) {
    return (
      <section className="page narrow">
        <p>{t('confirm.checking')}</p>
        <Spinner />
      </section>
    );
  }
  const outcome = isSuccess ? 'success' : 'failed';
  return (
    <NoticeToLogin
      {...(isSuccess
        ? ({ icon: 'check', tone: 'ok' } as const)
        : ({ icon: 'warning', tone: 'warn' } as const))}
      title={t(`confirm.${outcome}Title`)}
      lead={t(`confirm.${outcome}Text`)}
      testId={`confirm-${outcome}`}
    />
  );
}
