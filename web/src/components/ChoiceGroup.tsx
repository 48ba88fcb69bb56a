import { useId, type ReactNode } from 'react';

/**
 * A fieldset of choices (radios, checkboxes) with its legend and an already translated error, tied
 * to the group for screen readers (aria-describedby, aria-invalid).
 */
export function ChoiceGroup({
  legend,
  error,
  className,
  testId,
  children,
}: {
  legend: ReactNode;
  error?: string | null;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className={className}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
    >
      <legend>{legend}</legend>
      {children}
      {error && (
        <p id={errorId} className="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
