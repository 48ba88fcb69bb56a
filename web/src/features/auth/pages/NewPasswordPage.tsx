import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { newPasswordFormSchema, PASSWORD_MIN } from '@moba/contracts';
import { Field, FormAlert } from '../../../components/Field';
import { paths } from '../../../app/paths';
import { useApiErrorText } from '../../../lib/use-api-error';
import { useSetNewPasswordMutation } from '../account-api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { codedResolver } from '../../../lib/validation';

interface Form {
  password: string;
  confirmPassword: string;
}

/** Target of the reset link: /new-password?token=… */
export default function NewPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('newPassword.title'));
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [save, { error, isLoading }] = useSetNewPasswordMutation();
  const errorText = useApiErrorText();
  const { register, handleSubmit, formState } = useForm<Form>({
    resolver: codedResolver(newPasswordFormSchema),
  });

  if (!token) {
    return (
      <section className="page narrow">
        <h1>{t('newPassword.title')}</h1>
        <p className="alert error" role="alert">
          {t('newPassword.missingToken')}
        </p>
        <Link to={paths.forgotPassword} className="button primary">
          {t('newPassword.requestNew')}
        </Link>
      </section>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    const result = await save({ ...values, token });
    if ('data' in result) navigate(paths.successfulPasswordReset, { replace: true });
  });

  return (
    <section className="page narrow">
      <h1>{t('newPassword.title')}</h1>
      <p className="lead">{t('newPassword.lead')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('newPasswordLabel')}
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint', { min: PASSWORD_MIN })}
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Field
          label={t('confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormAlert>{errorText(error, 'errors:passwordUpdateError')}</FormAlert>
        <button type="submit" className="button primary block" disabled={isLoading}>
          {t('newPassword.submit')}
        </button>
      </form>
      {error ? (
        <p>
          <Link to={paths.forgotPassword}>{t('newPassword.requestNew')}</Link>
        </p>
      ) : null}
    </section>
  );
}
