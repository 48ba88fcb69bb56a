import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  accountFields,
  checkSignupRules,
  evenWithFieldErrors,
  genders,
  MIN_AGE_YEARS,
  PASSWORD_MIN,
  personalFields,
  regions,
  type SignupEstateInput,
  type SignupWorkerInput,
} from '@moba/contracts';
import { Field, FormAlert, GroupError } from '../../../components/Field';
import { paths } from '../../../app/paths';
import { apiErrorInfo } from '../../../lib/api';
import { apiLanguage } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/use-api-error';
import { useSignupEstateMutation, useSignupWorkerMutation } from '../api';
import { dropDraft, updateDraft, type RegistrationDraft } from '../draft';
import { RegionSelect, StepActions, StepForm, ToSignup, useDraftFor } from '../components/parts';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { codedResolver } from '../../../lib/validation';

const schema = accountFields.extend(personalFields.shape).superRefine(checkSignupRules, evenWithFieldErrors);
const formFields = new Set(Object.keys(schema.shape));

/** /basic-info-registration: personal details, account and terms (step 3 of 3); sends the sign-up. */
export default function BasicInfoRegistrationPage() {
  const draft = useDraftFor();
  return draft === 'missing' ? <ToSignup /> : <BasicInfoForm draft={draft} />;
}

function BasicInfoForm({ draft }: { draft: RegistrationDraft }) {
  const { t, i18n } = useTranslation(['registration', 'auth', 'common', 'errors']);
  useDocumentTitle(t('basic.title'));
  const navigate = useNavigate();
  const errorText = useApiErrorText();
  const [signupWorker, worker] = useSignupWorkerMutation();
  const [signupEstate, estate] = useSignupEstateMutation();
  const sending = worker.isLoading || estate.isLoading;
  const serverError = worker.error ?? estate.error;
  const region = (draft.region as (typeof regions)[number]) ?? 'RS';

  const { register, handleSubmit, setError, formState, getValues } = useForm({
    resolver: codedResolver(schema),
    defaultValues: {
      firstName: draft.firstName ?? '',
      lastName: draft.lastName ?? '',
      phone: draft.phone ?? '',
      phoneCountry: (draft.phoneCountry as (typeof regions)[number]) ?? region,
      dateOfBirth: draft.dateOfBirth ?? '',
      gender: draft.gender as (typeof genders)[number] | undefined,
      region,
      language: apiLanguage(i18n.language),
      email: draft.email ?? '',
      password: '',
      confirmPassword: '',
      termsAccepted: (draft.termsAccepted ?? false) as true,
    },
  });
  const errors = formState.errors;

  const back = () => {
    const { password: _p, confirmPassword: _c, ...rest } = getValues();
    updateDraft(rest);
    navigate(draft.userType === 'Worker' ? paths.monthAvailability : paths.estateRegistration);
  };

  const onSubmit = handleSubmit(async (values) => {
    const payload = { ...draft, ...values, language: apiLanguage(i18n.language) };
    const { password: _p, confirmPassword: _c, ...keep } = values;
    updateDraft(keep);
    const result =
      draft.userType === 'Worker'
        ? await signupWorker(payload as unknown as SignupWorkerInput)
        : await signupEstate(payload as unknown as SignupEstateInput);
    if ('data' in result) {
      dropDraft();
      navigate(paths.confirmationEmailSent, { replace: true });
      return;
    }
    const info = apiErrorInfo(result.error);
    if (info.code === 'AUTH.EMAIL_EXISTS') setError('email', { message: info.code });
    if (info.code === 'AUTH.PHONE_EXISTS') setError('phone', { message: info.code });
    for (const [field, message] of Object.entries(info.fields)) {
      if (formFields.has(field)) setError(field as 'email', { message });
    }
  });

  const info = serverError ? apiErrorInfo(serverError) : null;
  const shownOnField =
    info &&
    (info.code === 'AUTH.EMAIL_EXISTS' ||
      info.code === 'AUTH.PHONE_EXISTS' ||
      Object.keys(info.fields).some((f) => formFields.has(f)));
  const stepErrors = info ? Object.keys(info.fields).filter((f) => !formFields.has(f)) : [];

  return (
    <StepForm step={3} title={t('basic.title')} lead={t('basic.lead')} onSubmit={onSubmit}>
      <div className="row">
        <Field
          label={t('basic.firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <Field
          label={t('basic.lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <RegionSelect
        id="phoneCountry"
        label={t('basic.phoneCountry')}
        registration={register('phoneCountry')}
      />
      <Field
        label={t('basic.phone')}
        hint={t('basic.phoneHint')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Field
        label={t('basic.dateOfBirth')}
        hint={t('basic.dateOfBirthHint', { count: MIN_AGE_YEARS })}
        type="date"
        autoComplete="bday"
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
      <fieldset aria-describedby={errors.gender ? 'gender-error' : undefined}>
        <legend>{t('basic.gender')}</legend>
        <div className="choices">
          {genders.map((g) => (
            <label key={g} className="check">
              <input type="radio" value={g} {...register('gender')} />
              {t(`basic.genders.${g}`)}
            </label>
          ))}
        </div>
        <GroupError id="gender-error" error={errors.gender?.message} />
      </fieldset>
      <Field
        label={t('auth:email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label={t('auth:password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth:passwordHint', { count: PASSWORD_MIN })}
        error={errors.password?.message}
        {...register('password')}
      />
      <Field
        label={t('auth:confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <details>
        <summary>{t('basic.termsSummary')}</summary>
        <p>{t('basic.termsText')}</p>
      </details>
      <div className={`field${errors.termsAccepted ? ' has-error' : ''}`}>
        <label className="check">
          <input
            type="checkbox"
            aria-describedby={errors.termsAccepted ? 'terms-error' : undefined}
            {...register('termsAccepted')}
          />
          <span>{t('basic.terms')}</span>
        </label>
        {/* Beside the label, not in it: a tap anywhere on the label ticks the box, only this opens the policy. */}
        <p className="consent-link">
          <Link to={paths.privacyPolicy} target="_blank" data-testid="privacy-link">
            {t('basic.privacyLink')}
          </Link>
        </p>
        <GroupError id="terms-error" error={errors.termsAccepted?.message} />
      </div>
      {serverError && !shownOnField && (
        <FormAlert>
          {stepErrors.length
            ? t('errors:registrationError')
            : errorText(serverError, 'errors:registrationError')}
        </FormAlert>
      )}
      <StepActions
        onBack={back}
        sending={sending}
        submitLabel={sending ? t('basic.sending') : t('basic.submit')}
      />
    </StepForm>
  );
}
