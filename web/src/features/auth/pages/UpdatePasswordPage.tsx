import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, PASSWORD_MIN, type ChangePasswordInput } from '@moba/contracts';
import { Field, FormAlert } from '../../../components/Field';
import { paths } from '../../../app/paths';
import { baseApi } from '../../../lib/api';
import { setLoginNotice } from '../../../lib/login-notice';
import { clearSession } from '../../../lib/storage';
import { holdSessionEnd } from '../../../lib/unauthorized';
import { store } from '../../../lib/store';
import { useApiErrorText } from '../../../lib/use-api-error';
import { useChangePasswordMutation } from '../account-api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { codedResolver } from '../../../lib/validation';

/** /worker|estate/update-password: current + new + confirmation; after success the user is logged out. */
export default function UpdatePasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('update.title'));
  const navigate = useNavigate();
  const [change, { error, isLoading }] = useChangePasswordMutation();
  const errorText = useApiErrorText();
  const { register, handleSubmit, formState } = useForm<ChangePasswordInput>({
    resolver: codedResolver(changePasswordSchema),
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await holdSessionEnd(change(values));
    if (!('data' in result)) return;
    setLoginNotice('passwordChanged');
    navigate(paths.login, { replace: true });
    clearSession();
    store.dispatch(baseApi.util.resetApiState());
  });

  return (
    <section className="page narrow">
      <h1>{t('update.title')}</h1>
      <p className="lead">{t('update.lead')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
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
          {t('update.submit')}
        </button>
      </form>
    </section>
  );
}
