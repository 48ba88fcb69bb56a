import { SEARCH_MIN } from '@moba/contracts';

/**
 * An admin list's search box: a term counts from SEARCH_MIN characters (spec §5), and the hint
 * under it turns into a warning while the term is shorter.
 */
export function SearchField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const tooShort = value.trim().length > 0 && value.trim().length < SEARCH_MIN;
  return (
    <div className="field search-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className={tooShort ? 'hint warn' : 'hint'} aria-live="polite">
        {hint}
      </p>
    </div>
  );
}
