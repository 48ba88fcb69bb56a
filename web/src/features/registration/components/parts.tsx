import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import type { Region } from '@moba/contracts';
import { GroupError } from '../../../components/Field';
import { latinToCyrillic } from '../../../lib/translit';
import { scriptOf } from '@moba/contracts/script';
import { paths } from '../../../app/paths';
import { readDraft, type RegistrationDraft, type UserType } from '../draft';

/** The steps of each path: worker signup → months → basic info; estate signup → estate → basic info. */
export function StepHeader({ current }: { current: number }) {
  const { t } = useTranslation('registration');
  return <p className="steps">{t('step', { current, total: 3 })}</p>;
}

/** A step page needs a draft of the right user type; otherwise the reader starts at /signup. */
export function useDraftFor(userType?: UserType): RegistrationDraft | 'missing' {
  const [draft] = useState(() => readDraft());
  if (!draft || (userType && draft.userType !== userType)) return 'missing';
  return draft;
}
export const ToSignup = () => <Navigate to={paths.signup} replace />;

export function YesNo({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation('registration');
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="choices">
        {[true, false].map((option) => (
          <label key={String(option)} className="check">
            <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
            {option ? t('yes') : t('no')}
          </label>
        ))}
      </div>
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}

/** Municipality names of a region in the reader's script, loaded with the first step that needs them. */
export function useMunicipalities(region: Region | undefined): string[] {
  const { i18n } = useTranslation();
  const script = scriptOf(i18n.language);
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void import('@moba/contracts/reference/index').then((ref) => {
      if (live) setNames(ref.municipalityNamesIn(region ?? 'RS', script));
    });
    return () => {
      live = false;
    };
  }, [region, script]);
  return names;
}

/** A Serbian name from the reference lists in the reader's script. */
export function useScript() {
  const { i18n } = useTranslation();
  return (latin: string) => (i18n.language === 'sr-Cyrl' ? latinToCyrillic(latin) : latin);
}
