import type { ReactNode, Ref } from 'react';
import { ChoiceGroup } from './ChoiceGroup';

/** A fieldset of radio buttons with its legend and an already translated error; `ref` lands on the first. */
export function RadioGroup<Value extends string>({
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
  options: { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  error?: string | null;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}) {
  return (
    <ChoiceGroup legend={legend} error={error} testId={testId}>
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
    </ChoiceGroup>
  );
}
