import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Field, FormAlert } from '../../components/Field';
import { paths } from '../../app/paths';
import { scriptOf } from '@moba/contracts/script';
import type { GuestForm } from './submit-guest';

const empty: GuestForm = { firstName: '', lastName: '', phone: '', municipality: '', note: '' };

/**
 * The guest quick registration (home page and /guest-registration). Plain inputs, not react-hook-form,
 * so the home page stays light (bundle-size.test keeps the form library and zod off its start): the
 * shared schema, the phone rules and the municipality list load when first sent or needed, and the
 * errors are the same tokens every form shows through Field. It is a real POST form, so the
 * pre-rendered home page takes applications without JavaScript too.
 */
export function QuickGuestForm({ withNote = false }: { withNote?: boolean }) {
  const { t, i18n } = useTranslation(['public', 'common']);
  const navigate = useNavigate();
  const [values, setValues] = useState<GuestForm>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Each refused send moves focus to its first wrong field, as the other forms do.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const [reference, setReference] = useState<typeof import('@moba/contracts/reference/index')>();
  const municipalities = reference?.municipalityNamesIn('RS', scriptOf(i18n.language)) ?? [];

  const loadMunicipalities = () => {
    if (reference) return;
    void import('@moba/contracts/reference/index').then(setReference);
  };
  /** A field's name, value, change handler and error. */
  const bind = (field: keyof GuestForm) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
    },
    error: errors[field],
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFormError(null);
    try {
      const { submitGuest } = await import('./submit-guest');
      const result = await submitGuest(values);
      if (result.ok) {
        navigate(paths.successfulGuestCreation);
        return;
      }
      setErrors(result.fields);
      setRefusals((n) => n + 1);
      if (result.formError) setFormError(t(`common:errors.${result.formError}`));
    } catch {
      setFormError(t('common:errors.network'));
    } finally {
      setSending(false);
    }
  };

  return (
    // Without JavaScript the browser posts the form itself and the application service answers a page.
    <form
      ref={formRef}
      className="form"
      method="post"
      action="/api/signup-guest"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('public:quick.title')}
    >
      <input type="hidden" name="lang" value={i18n.language} />
      <div className="row">
        <Field
          label={t('public:quick.firstName')}
          autoComplete="given-name"
          required
          {...bind('firstName')}
        />
        <Field label={t('public:quick.lastName')} autoComplete="family-name" required {...bind('lastName')} />
      </div>
      <Field
        label={t('public:quick.phone')}
        hint={t('public:quick.phoneHint')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        {...bind('phone')}
      />
      <Field
        label={t('public:quick.municipality')}
        hint={t('public:quick.municipalityHint')}
        list="guest-municipalities"
        autoComplete="off"
        required
        onFocus={loadMunicipalities}
        {...bind('municipality')}
      />
      <datalist id="guest-municipalities">
        {municipalities.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {withNote && (
        <Field
          label={`${t('public:guest.note')} ${t('common:optional')}`}
          hint={t('public:guest.noteHint')}
          {...bind('note')}
        />
      )}
      <FormAlert>{formError}</FormAlert>
      <button type="submit" className="button primary block" disabled={sending}>
        {sending ? t('public:quick.sending') : t('public:quick.submit')}
      </button>
      <p className="muted small">{t('public:quick.privacy')}</p>
    </form>
  );
}
