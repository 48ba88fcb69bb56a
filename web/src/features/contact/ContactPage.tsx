import { useState, type Ref, type TextareaHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX, contactUsBodySchema, type ContactUsBody } from '@moba/contracts';
import { Field, FormAlert, useFieldError } from '../../components/Field';
import { apiErrorInfo } from '../../lib/api';
import { useSession } from '../../app/session';
import { useContactUsMutation } from './api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { BigIcon } from '../../components/Icon';
import { codedResolver } from '../../lib/validation';

/** Where a visitor finds the contact form (the shell's paths have role routes only). */
export const publicContactPath = '/contact';

/**
 * The text of a failed send: spec §8 'contact send error' in the reader's language, plus the
 * server's own text when it said something more specific (spec §8: contact errors pass on the response text).
 */
export function contactErrorDetail(error: unknown): string | null {
  const info = apiErrorInfo(error);
  if (info.status === 'FETCH_ERROR' || info.status === 'TIMEOUT_ERROR') return null;
  if (info.code === 'VALIDATION' || !info.message) return null;
  return info.message.trim().toLowerCase() === 'contact send error' ? null : info.message;
}

function MessageField({
  error,
  count,
  ...props
}: { error?: string; count: number } & TextareaHTMLAttributes<HTMLTextAreaElement> & {
    ref?: Ref<HTMLTextAreaElement>;
  }) {
  const { t } = useTranslation('contact');
  const text = useFieldError(error);
  const describedBy = ['contact-message-hint', text ? 'contact-message-error' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${text ? ' has-error' : ''}`}>
      <label htmlFor="contact-message">{t('message')}</label>
      <textarea
        id="contact-message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        aria-invalid={text ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      <p id="contact-message-hint" className="hint">
        {t('messageHint', { count, max: CONTACT_MESSAGE_MAX })}
      </p>
      {text && (
        <p id="contact-message-error" className="error" role="alert">
          {text}
        </p>
      )}
    </div>
  );
}

/** Contact form (spec §2, §5): name, email, message — for visitors and every signed-in role. */
export default function ContactPage() {
  const { t } = useTranslation(['contact', 'common']);
  useDocumentTitle(t('title'));
  const session = useSession();
  const [send, { isLoading, error, reset: resetMutation }] = useContactUsMutation();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState, watch, reset } = useForm<ContactUsBody>({
    resolver: codedResolver(contactUsBodySchema),
    defaultValues: { name: session.fullName ?? '', email: '', message: '' },
  });
  const message = watch('message') ?? '';

  const onSubmit = handleSubmit(async (values) => {
    const result = await send(values);
    if ('data' in result) {
      setSent(true);
      reset({ name: values.name, email: values.email, message: '' });
    }
  });

  if (sent) {
    return (
      <section className="page narrow notice-page" data-testid="contact-sent">
        <BigIcon name="mail" tone="ok" />
        <h1>{t('sentTitle')}</h1>
        <p className="lead">{t('sentText')}</p>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            resetMutation();
            setSent(false);
          }}
        >
          {t('another')}
        </button>
      </section>
    );
  }

  const detail = error ? contactErrorDetail(error) : null;
  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <form className="form" aria-label={t('title')} onSubmit={onSubmit} noValidate>
        <Field
          label={t('name')}
          autoComplete="name"
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Field
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <MessageField
          count={message.length}
          error={formState.errors.message?.message}
          {...register('message')}
        />
        <FormAlert>
          {error ? (
            <>
              <strong>{t('sendError')}</strong>
              {detail && (
                <>
                  <br />
                  <span className="small">{detail}</span>
                </>
              )}
            </>
          ) : null}
        </FormAlert>
        <button type="submit" className="button primary block" disabled={isLoading}>
          {isLoading ? t('common:loading') : t('send')}
        </button>
      </form>
      <p className="muted small after-form">{t('orMail')}</p>
    </section>
  );
}
