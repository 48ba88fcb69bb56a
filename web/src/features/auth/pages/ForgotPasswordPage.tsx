import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { resetPasswordSchema } from '@moba/contracts';
import { Field, FormAlert } from '../../../components/Field';
import { paths } from '../../../app/paths';
import { apiLanguage } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/use-api-error';
import { useResetPasswordMutation } from '../account-api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { codedResolver } from '../../../lib/validation';

export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('forgot.title'));
  const navigate = useNavigate();
  const [reset, { error, isLoading }] = useResetPasswordMutation();
  const errorText = useApiErrorText();
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: codedResolver(resetPasswordSchema),
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await reset({ email, language: apiLanguage(i18n.language) });
    if ('data' in result) navigate(paths.forgotPasswordEmailSent, { state: { email } });
  });

  return (
    <section className="page narrow">
      <h1>{t('forgot.title')}</h1>
      <p className="lead">{t('forgot.lead')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <FormAlert>{errorText(error)}</FormAlert>
        <button type="submit" className="button primary block" disabled={isLoading}>
          {t('forgot.submit')}
        </button>
      </form>
    </section>
  );
}
