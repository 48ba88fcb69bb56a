import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '@moba/contracts/limits';
import { Field, FormAlert } from '../../../components/Field';
import { useApiErrorText } from '../../../lib/use-api-error';
import { paths } from '../../../app/paths';
import { BigIcon, type IconName } from '../../../components/Icon';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { returnToPath } from '../../day-of-work';

/** A page about the password: its title (the document's too), a lead, and what the page asks. */
export function PasswordPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className="page narrow">
      <h1>{title}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </section>
  );
}

/**
 * The form that sets a new password, typed twice, with the server's refusal and the submit button.
 * What else the form asks (the current password) comes first, as children.
 */
export function NewPasswordForm({
  onSubmit,
  form: { register, formState },
  saving: { error, isLoading },
  submitLabel,
  children,
}: {
  onSubmit: FormEventHandler;
  form: {
    register: (name: 'password' | 'confirmPassword') => UseFormRegisterReturn;
    formState: { errors: { password?: FieldError; confirmPassword?: FieldError } };
  };
  saving: { error?: unknown; isLoading: boolean };
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const errorText = useApiErrorText();
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {children}
      <Field
        label={t('newPasswordLabel')}
        type="password"
        autoComplete="new-password"
        hint={t('auth:passwordHint', { count: PASSWORD_MIN })}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Field
        label={t('auth:confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <FormAlert>{errorText(error, 'errors:passwordUpdateError')}</FormAlert>
      <button type="submit" className="button primary block" disabled={isLoading}>
        {submitLabel}
      </button>
    </form>
  );
}

/** A notice that ends an account step: an icon, a title and what happened, then the way to log in. */
export function NoticeToLogin({
  icon,
  tone,
  title,
  lead,
  testId,
  children,
}: {
  icon: IconName;
  tone?: 'ok' | 'warn';
  title: string;
  lead: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <section className="page narrow notice-page" data-testid={testId}>
      <BigIcon name={icon} tone={tone} />
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
      <Link to={paths.login} state={{ from: returnToPath() }} className="button primary">
        {t('actions.toLogin')}
      </Link>
    </section>
  );
}
