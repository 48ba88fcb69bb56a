import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { Spinner } from '../../../components/Spinner';
import { useVerifyEmailMutation } from '../account-api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { BigIcon } from '../../../components/Icon';

/** Target of the confirmation link: /confirm-email?token=… posts the token once. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation(['auth', 'common']);
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
  if (isSuccess) {
    return (
      <section className="page narrow notice-page" data-testid="confirm-success">
        <BigIcon name="check" tone="ok" />
        <h1>{t('confirm.successTitle')}</h1>
        <p className="lead">{t('confirm.successText')}</p>
        <Link to={paths.login} className="button primary">
          {t('common:actions.toLogin')}
        </Link>
      </section>
    );
  }
  return (
    <section className="page narrow notice-page" data-testid="confirm-failed">
      <BigIcon name="warning" tone="warn" />
      <h1>{t('confirm.failedTitle')}</h1>
      <p className="lead">{t('confirm.failedText')}</p>
      <Link to={paths.login} className="button primary">
        {t('common:actions.toLogin')}
      </Link>
    </section>
  );
}
