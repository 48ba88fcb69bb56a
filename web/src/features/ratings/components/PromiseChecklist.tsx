import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../components/ChoiceGroup';

/** Answers so far: yes (true), no (false) or not yet (absent). */
export type Answers = Record<string, boolean | undefined>;

/** The promise checklist beside the stars: each item a large Yes / No pair, all required. */
export function PromiseChecklist({
  name,
  items,
  value,
  onChange,
  error,
  legend,
}: {
  name: string;
  items: readonly string[];
  value: Answers;
  onChange: (next: Answers) => void;
  error?: string | null;
  legend: string;
}) {
  const { t } = useTranslation('ratings');
  return (
    <ChoiceGroup legend={legend} error={error} className="promise-checklist" testId="promise-checklist">
      {items.map((item) => (
        <div className="promise-item" key={item} role="radiogroup" aria-label={t(`promises.${item}`)}>
          <span className="promise-question">{t(`promises.${item}`)}</span>
          {[true, false].map((answer) => (
            <label key={String(answer)} className="promise-answer">
              <input
                type="radio"
                name={`${name}-${item}`}
                checked={value[item] === answer}
                onChange={() => onChange({ ...value, [item]: answer })}
              />
              {answer ? t('promises.yes') : t('promises.no')}
            </label>
          ))}
        </div>
      ))}
    </ChoiceGroup>
  );
}

/** Every item answered: the answers as the API takes them; otherwise null. */
export function completeAnswers<T extends Record<string, boolean>>(
  items: readonly string[],
  value: Answers,
): T | null {
  if (items.some((item) => value[item] === undefined)) return null;
  return Object.fromEntries(items.map((item) => [item, value[item]!])) as T;
}
