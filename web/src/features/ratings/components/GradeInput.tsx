import { useTranslation } from 'react-i18next';
import { RATING_GRADE_MAX, RATING_GRADE_MIN } from '@moba/contracts/limits';
import { ChoiceGroup } from '../../../components/ChoiceGroup';

const grades = Array.from(
  { length: RATING_GRADE_MAX - RATING_GRADE_MIN + 1 },
  (_, i) => RATING_GRADE_MIN + i,
);

/** Grade 1–5 as five large radio buttons (stars with numbers), a legend and an error tied to them. */
export function GradeInput({
  name,
  value,
  onChange,
  error,
  legend,
}: {
  name: string;
  value: number | null;
  onChange: (grade: number) => void;
  error?: string | null;
  legend: string;
}) {
  const { t } = useTranslation('ratings');
  return (
    <ChoiceGroup legend={legend} error={error}>
      <div className="stars">
        {grades.map((g) => (
          <label key={g} title={t('gradeLabel', { grade: g })}>
            <input
              type="radio"
              name={name}
              value={g}
              checked={value === g}
              onChange={() => onChange(g)}
              aria-label={t('gradeLabel', { grade: g })}
            />
            <span aria-hidden="true">{g}★</span>
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}

/** ★★★★☆ for an average or a grade, with the number for screen readers and sunlight. */
export function Stars({ value }: { value: number }) {
  const full = Math.round(value);
  return (
    <span aria-hidden="true" className="star-row">
      {'★'.repeat(full)}
      {'☆'.repeat(Math.max(0, RATING_GRADE_MAX - full))}
    </span>
  );
}
