import { useEffect, useState, type FormEventHandler, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RegionOptions } from '../../../components/RegionOptions';
import { Navigate } from 'react-router-dom';
import type { Region } from '@moba/contracts';
import { Field, GroupError } from '../../../components/Field';
import { latinToCyrillic } from '../../../lib/translit';
import { scriptOf } from '@moba/contracts/script';
import { paths } from '../../../app/paths';
import { readDraft, type RegistrationDraft, type UserType } from '../draft';

/** The steps of each path: worker signup → months → basic info; estate signup → estate → basic info. */
export function StepHeader({ current }: { current: number }) {
  const { t } = useTranslation('registration');
  return <p className="steps">{t('step', { current, total: 3 })}</p>;
}

/** A step page needs a draft of the right user type; otherwise the reader starts at /signup. */
export function useDraftFor(userType?: UserType): RegistrationDraft | 'missing' {
  const [draft] = useState(() => readDraft());
  if (!draft || (userType && draft.userType !== userType)) return 'missing';
  return draft;
}
export const ToSignup = () => <Navigate to={paths.signup} replace />;

export function YesNo({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation('registration');
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="choices">
        {[true, false].map((option) => (
          <label key={String(option)} className="check">
            <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
            {option ? t('yes') : t('no')}
          </label>
        ))}
      </div>
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}

/** Municipality names of a region in the reader's script, loaded with the first step that needs them. */
export function useMunicipalities(region: Region | undefined): string[] {
  const { i18n } = useTranslation();
  const script = scriptOf(i18n.language);
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void import('@moba/contracts/reference/index').then((ref) => {
      if (live) setNames(ref.municipalityNamesIn(region ?? 'RS', script));
    });
    return () => {
      live = false;
    };
  }, [region, script]);
  return names;
}

/** A Serbian name from the reference lists in the reader's script. */
export function useScript() {
  const { i18n } = useTranslation();
  return (latin: string) => (i18n.language === 'sr-Cyrl' ? latinToCyrillic(latin) : latin);
}

/** A registration step: which step it is, its title and lead, and its form. */
export function StepForm({
  step,
  title,
  lead,
  onSubmit,
  children,
}: {
  step: number;
  title: string;
  lead: string;
  onSubmit: FormEventHandler;
  children: ReactNode;
}) {
  return (
    <section className="page narrow">
      <StepHeader current={step} />
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </section>
  );
}

/** Back to the previous step, or on to the next one. */
export function StepActions({
  onBack,
  sending,
  submitLabel,
}: {
  onBack: () => void;
  sending?: boolean;
  submitLabel?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="form-actions">
      <button type="button" onClick={onBack}>
        {t('actions.back')}
      </button>
      <button type="submit" className="primary" disabled={sending}>
        {submitLabel ?? t('actions.next')}
      </button>
    </div>
  );
}

/** A choice of country (region) by its name. */
export function RegionSelect({
  id,
  label,
  registration,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('registration');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...registration}>
        <RegionOptions nameOf={(r) => t(`regions.${r}`)} />
      </select>
    </div>
  );
}

/** The municipality, typed, with the region's municipality names offered. */
export function MunicipalityField({
  label,
  listId,
  names,
  error,
  registration,
}: {
  label: string;
  listId: string;
  names: string[];
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('registration');
  return (
    <>
      <Field
        label={label}
        hint={t('months.municipalityHint')}
        list={listId}
        autoComplete="off"
        error={error}
        {...registration}
      />
      <datalist id={listId}>
        {names.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
    </>
  );
}
