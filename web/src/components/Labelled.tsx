import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A label, hint and an already translated error tied to any control (input, select, textarea).
 * Unlike the shared Field, the error is shown as given: these screens word their own rules.
 */
export function Labelled({
  label,
  hint,
  error,
  children,
  testId,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  testId?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}`} data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A field's label marked "(optional)". */
export function OptionalLabel({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <>
      {children} <span className="muted">{t('optional')}</span>
    </>
  );
}
