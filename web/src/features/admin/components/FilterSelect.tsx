import type { ReactNode } from 'react';

/** One of an admin list's live filters: a labelled choice that narrows the list as soon as it changes. */
export function FilterSelect<Value extends string>({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Value)}>
        {children}
      </select>
    </div>
  );
}
