import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { newPasswordFormSchema } from '@moba/contracts';
import { NewPasswordForm, PasswordPage } from '../components/account-pages';
import { paths } from '../../../app/paths';
import { useSetNewPasswordMutation } from '../account-api';
import { codedResolver } from '../../../lib/validation';

interface Form {
  password: string;
  confirmPassword: string;
}

/** Target of the reset link: /new-password?token=… */
export default function NewPasswordPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [save, saving] = useSetNewPasswordMutation();
  const form = useForm<Form>({
    resolver: codedResolver(newPasswordFormSchema),
  });
  const { handleSubmit } = form;

  if (!token) {
    return (
      <PasswordPage title={t('newPassword.title')}>
        <p className="alert error" role="alert">
          {t('newPassword.missingToken')}
        </p>
        <Link to={paths.forgotPassword} className="button primary">
          {t('newPassword.requestNew')}
        </Link>
      </PasswordPage>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    const result = await save({ ...values, token });
    if ('data' in result) navigate(paths.successfulPasswordReset, { replace: true });
  });

  return (
    <PasswordPage title={t('newPassword.title')} lead={t('newPassword.lead')}>
      <NewPasswordForm
        onSubmit={onSubmit}
        form={form}
        saving={saving}
        submitLabel={t('newPassword.submit')}
      />
      {saving.error ? (
        <p>
          <Link to={paths.forgotPassword}>{t('newPassword.requestNew')}</Link>
        </p>
      ) : null}
    </PasswordPage>
  );
}
