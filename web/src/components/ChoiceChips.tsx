import { useId, useMemo, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { foldForMatch } from '@moba/contracts';

export interface ChoiceOption {
  value: string;
  label: string;
}

/** Without a search, a long list first shows this many (the chosen ones always show). */
const FIRST_SHOWN = 12;

/**
 * A multi-choice field a thumb can work on a 360 px phone: each choice is a 44 px checkbox chip (no
 * native multi-select that needs Ctrl or a long press). A long list (over FIRST_SHOWN) gets a search
 * box and shows its first choices until searched or opened in full; chosen ones always stay visible.
 * `ref` lands on the first choice, so a form can move focus to the field.
 */
export function ChoiceChips({
  label,
  hint,
  error,
  options,
  value,
  onChange,
  onBlur,
  testId,
  ref,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  options: ChoiceOption[];
  value: string[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const long = options.length > FIRST_SHOWN;
  const chosen = useMemo(() => new Set(value), [value]);
  const visible = useMemo(() => {
    const wanted = foldForMatch(query.trim());
    if (wanted) return options.filter((o) => chosen.has(o.value) || foldForMatch(o.label).includes(wanted));
    if (!long || showAll) return options;
    return options.filter((o, i) => i < FIRST_SHOWN || chosen.has(o.value));
  }, [options, query, showAll, long, chosen]);
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...value, option] : value.filter((v) => v !== option));
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset
      className={`field chips-field${error ? ' has-error' : ''}`}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
      onBlur={onBlur}
    >
      <legend>{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {long && (
        <input
          type="search"
          className="chips-search"
          aria-label={t('chips.search')}
          placeholder={t('chips.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <div className="chips">
        {visible.map((o, i) => (
          <label key={o.value} className="check chip">
            <input
              ref={i === 0 ? ref : undefined}
              type="checkbox"
              checked={chosen.has(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            {o.label}
          </label>
        ))}
        {visible.length === 0 && <p className="muted">{t('chips.none')}</p>}
      </div>
      {long && !query.trim() && !showAll && (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          {t('chips.showAll', { count: options.length })}
        </button>
      )}
      {value.length > 0 && (
        <p className="hint" aria-live="polite">
          {t('chips.chosen', { count: value.length })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
