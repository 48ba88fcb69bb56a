import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_MONTHS } from '@moba/contracts/api/auth/limits';
import { intlLocale } from '../lib/format';
import { ChoiceGroup } from './ChoiceGroup';

/** The month's full name in the reader's language ("jul", "July"). */
export function useMonthName(): (month: number) => string {
  const { i18n } = useTranslation();
  return (month) =>
    new Date(2024, month - 1, 1).toLocaleDateString(intlLocale(i18n.language), { month: 'long' });
}

/**
 * The months a worker can work, one checkbox each, kept in calendar order. `ref` lands on the first
 * month, so a form can move focus to the group; `error` is the already translated text.
 */
export function MonthChecklist({
  legend,
  monthName,
  value,
  onChange,
  error,
  ref,
}: {
  legend: string;
  monthName: (month: number) => string;
  value: number[] | undefined;
  onChange: (months: number[]) => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const months = value ?? [];
  return (
    <ChoiceGroup legend={legend} error={error}>
      <div className="months">
        {AVAILABILITY_MONTHS.map((m, i) => (
          <label key={m} className="check">
            <input
              ref={i === 0 ? ref : undefined}
              type="checkbox"
              checked={months.includes(m)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...months, m].sort((a, b) => a - b) : months.filter((x) => x !== m),
                )
              }
            />
            {monthName(m)}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}
