import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorTexts } from '../lib/error-texts';
import { translateIssue } from '../lib/issue-token';

/**
 * Error tokens (of a schema issue or a server detail) → text in the reader's language; `namespace`
 * may word a code its own way, for one field or for all (see translateIssue).
 */
export function useIssueText(namespace?: string) {
  useTranslation(['common', ...(namespace ? [namespace] : [])]);
  const errorTexts = useErrorTexts();
  return (token: string | undefined, field?: string): string | undefined => {
    if (!token) return undefined;
    const { key, params, fallbacks } = translateIssue(token, namespace, field);
    return errorTexts([key, ...fallbacks], params) ?? undefined;
  };
}

/** The error text of one field (see useIssueText). */
export const useFieldError = (token: string | undefined) => useIssueText()(token);

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function Field({ label, hint, error, ref, id, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const text = useFieldError(error);
  const describedBy = [hint ? `${inputId}-hint` : null, text ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${text ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p id={`${inputId}-hint`} className="hint">
          {hint}
        </p>
      )}
      <input
        id={inputId}
        ref={ref}
        aria-invalid={text ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {text && (
        <p id={`${inputId}-error`} className="error" role="alert">
          {text}
        </p>
      )}
    </div>
  );
}

/** The error of a group of controls (radios, checkboxes). */
export function GroupError({ id, error }: { id: string; error?: string }) {
  const text = useFieldError(error);
  if (!text) return null;
  return (
    <p id={id} className="error" role="alert">
      {text}
    </p>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className="alert error" role="alert">
      {children}
    </div>
  );
}
