import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginSchema, type LoginInput } from '@moba/contracts';
import { Field, FormAlert } from '../../../components/Field';
import { landingOf, paths } from '../../../app/paths';
import { clearLoginNotice, useLoginNotice } from '../../../lib/login-notice';
import { saveSession } from '../../../lib/storage';
import { roleOf } from '../../../lib/token';
import { useApiErrorText } from '../../../lib/use-api-error';
import { useLoginMutation } from '../api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { codedResolver } from '../../../lib/validation';

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  const notice = useLoginNotice();
  const [login, { error, isLoading }] = useLoginMutation();
  const errorText = useApiErrorText();
  const { register, handleSubmit, formState } = useForm<LoginInput>({ resolver: codedResolver(loginSchema) });

  const onSubmit = handleSubmit(async (values) => {
    const result = await login(values);
    if (!('data' in result) || !result.data) return;
    clearLoginNotice();
    const role = roleOf(result.data.token);
    saveSession({ token: result.data.token, userId: result.data.userId, role });
    const from = state?.from && role && state.from.startsWith(`/${role.toLowerCase()}`) ? state.from : null;
    navigate(from ?? (role ? landingOf(role) : paths.home), { replace: true });
  });

  return (
    <section className="page narrow">
      <h1>{t('login.title')}</h1>
      <p className="lead">{t('login.lead')}</p>
      {notice === 'banned' ? (
        <p className="alert error" role="alert" data-testid="login-notice">
          {t('login.banned')}
        </p>
      ) : (
        notice && (
          <p className="alert success" role="status" data-testid="login-notice">
            {t(`login.${notice}`)}
          </p>
        )
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Field
          label={t('password')}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <FormAlert>{errorText(error, 'errors:AUTH.INVALID_CREDENTIALS')}</FormAlert>
        <button type="submit" className="button primary block" disabled={isLoading}>
          {isLoading ? t('login.sending') : t('login.submit')}
        </button>
      </form>
      <p className="tap-links">
        <Link to={paths.forgotPassword}>{t('login.forgot')}</Link>
      </p>
      <p className="tap-links">
        {t('login.noAccount')} <Link to={paths.signup}>{t('login.signup')}</Link>
      </p>
    </section>
  );
}
