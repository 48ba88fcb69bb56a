import type { ReactNode } from 'react';

/** A fieldset of radio buttons with its legend and an already translated error. */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  testId,
}: {
  legend: ReactNode;
  name: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
    >
      <legend>{legend}</legend>
      <div className="choices">
        {options.map((o) => (
          <label key={o.value} className="check">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
