import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePasswordInput } from '@moba/contracts';
import { Field } from '../../../components/Field';
import { NewPasswordForm, PasswordPage } from '../components/account-pages';
import { paths } from '../../../app/paths';
import { baseApi } from '../../../lib/api';
import { setLoginNotice } from '../../../lib/login-notice';
import { clearSession } from '../../../lib/storage';
import { holdSessionEnd } from '../../../lib/unauthorized';
import { store } from '../../../lib/store';
import { useChangePasswordMutation } from '../account-api';
import { codedResolver } from '../../../lib/validation';

/** /worker|estate/update-password: current + new + confirmation; after success the user is logged out. */
export default function UpdatePasswordPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const navigate = useNavigate();
  const [change, saving] = useChangePasswordMutation();
  const form = useForm<ChangePasswordInput>({
    resolver: codedResolver(changePasswordSchema),
  });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    const result = await holdSessionEnd(change(values));
    if (!('data' in result)) return;
    setLoginNotice('passwordChanged');
    navigate(paths.login, { replace: true });
    clearSession();
    store.dispatch(baseApi.util.resetApiState());
  });

  return (
    <PasswordPage title={t('update.title')} lead={t('update.lead')}>
      <NewPasswordForm onSubmit={onSubmit} form={form} saving={saving} submitLabel={t('update.submit')}>
        <Field
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      </NewPasswordForm>
    </PasswordPage>
  );
}
