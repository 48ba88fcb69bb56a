import type { ReactNode, Ref } from 'react';

/** A fieldset of radio buttons with its legend and an already translated error; `ref` lands on the first. */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  testId,
  ref,
  onBlur,
}: {
  legend: ReactNode;
  name: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
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
        {options.map((o, i) => (
          <label key={o.value} className="check">
            <input
              ref={i === 0 ? ref : undefined}
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              onBlur={onBlur}
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
