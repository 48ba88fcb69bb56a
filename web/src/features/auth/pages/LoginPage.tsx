import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginIssues, normaliseEmail } from '@moba/contracts/api/auth/login-check';
import { Field, FormAlert } from '../../../components/Field';
import { afterLogin, paths } from '../../../app/paths';
import { clearLoginNotice, useLoginNotice } from '../../../lib/login-notice';
import { saveSession } from '../../../lib/storage';
import { roleOf } from '../../../lib/token';
import { useApiErrorText } from '../../../lib/use-api-error';
import { useLoginMutation } from '../api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { issueToken } from '../../../lib/issue-token';

type LoginErrors = Partial<Record<'email' | 'password', string>>;

const valuesOf = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
};
const errorsOf = (values: { email: string; password: string }): LoginErrors =>
  Object.fromEntries(loginIssues(values).map((issue) => [issue.field, issueToken(issue)]));

/**
 * The one form without react-hook-form and zod (issue 21 item 3): it is on the first page a worker
 * opens, and those two would be a third of the way to /worker/mobas. It checks with loginSchema's
 * rules in plain code (contracts' login-check.ts, tested against the schema) the way the other forms
 * do: on submit, then as the reader corrects, moving to the first wrong field.
 */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  const notice = useLoginNotice();
  const [login, { error, isLoading }] = useLoginMutation();
  const errorText = useApiErrorText();
  const [errors, setErrors] = useState<LoginErrors | null>(null);

  const onChange = (e: FormEvent<HTMLFormElement>) => {
    if (errors) setErrors(errorsOf(valuesOf(e.currentTarget)));
  };
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = valuesOf(e.currentTarget);
    const found = errorsOf(values);
    setErrors(found);
    const firstWrong = (['email', 'password'] as const).find((field) => found[field]);
    if (firstWrong) {
      (e.currentTarget.elements.namedItem(firstWrong) as HTMLInputElement).focus();
      return;
    }
    const result = await login({ email: normaliseEmail(values.email), password: values.password });
    if (!('data' in result) || !result.data) return;
    clearLoginNotice();
    const role = roleOf(result.data.token);
    saveSession({ token: result.data.token, userId: result.data.userId, role });
    navigate(role ? afterLogin(role, state?.from) : paths.home, { replace: true });
  };

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
      <form className="form" onSubmit={onSubmit} onChange={onChange} noValidate>
        <Field
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          name="email"
          error={errors?.email}
        />
        <Field
          label={t('password')}
          type="password"
          autoComplete="current-password"
          name="password"
          error={errors?.password}
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
