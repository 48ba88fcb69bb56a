import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { regions } from '@moba/contracts';
import { Field } from '../../../components/Field';
import { StepHeader } from './parts';

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
        {regions.map((r) => (
          <option key={r} value={r}>
            {t(`regions.${r}`)}
          </option>
        ))}
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
