import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AVAILABILITY_MONTHS,
  crops,
  canonicalMunicipality,
  municipalityNames,
  SKILLS_MAX,
  updateWorkerProfileSchema,
  type WorkerProfile,
} from '@moba/contracts';
import { useSession } from '../../../app/session';
import { Labelled } from '../../mobas/components/Labelled';
import { QueryState } from '../../mobas/components/States';
import { useFeatureErrorText } from '../../mobas/error-text';
import { cropName, placeName } from '../../mobas/reference';
import { useMyPromiseFigureQuery, useUpdateWorkerProfileMutation, useWorkerProfileQuery } from '../api';
import { PromiseFigureLine } from '../../../components/TrustFigures';
import { PhotoField } from '../components/PhotoField';
import { LogOutEverywhere } from '../components/LogOutEverywhere';
import { ChoiceChips } from '../../../components/ChoiceChips';
import { SmsSettingsField } from '../components/SmsSettingsField';
import { CrewEditor } from '../../crew/components/CrewEditor';
import '../../mobas/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';
import { intlLocale } from '../../../lib/format';

/** /worker/profile: county (municipality), availability months, skills (< 500), photo (< 2 MB). */
export default function WorkerProfilePage() {
  const { t } = useTranslation('profile');
  const { data, isLoading, error, refetch } = useWorkerProfileQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="profile:loadError"
        isEmpty={false}
        empty={null}
      >
        {data && (
          <>
            <Summary profile={data} />
            <WorkerForm profile={data} />
            <SmsSettingsField />
            {data.groupLeader && <CrewEditor />}
            <PhotoField photoUrl={data.photoUrl} />
            <LogOutEverywhere />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Summary({ profile }: { profile: WorkerProfile }) {
  const { t } = useTranslation('profile');
  const shown = useReaderScript();
  const { data: promises } = useMyPromiseFigureQuery();
  return (
    <div className="card" data-testid="profile-summary">
      <p>
        <strong>{shown(profile.fullName)}</strong>
      </p>
      <PromiseFigureLine figure={promises} role="Worker" />
      <p>
        {profile.phone} · {profile.email}
      </p>
      <p>{profile.groupLeader ? t('worker.leader', { count: profile.groupSize }) : t('worker.solo')}</p>
    </div>
  );
}

function WorkerForm({ profile }: { profile: WorkerProfile }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { userId } = useSession();
  const [municipality, setMunicipality] = useState(profile.municipality ?? '');
  const [months, setMonths] = useState<number[]>(profile.availabilityMonths);
  const [skills, setSkills] = useState(profile.skills);
  const [cultures, setCultures] = useState<string[]>(profile.cultures ?? []);
  const [update, { isLoading, error, isSuccess, reset }] = useUpdateWorkerProfileMutation();
  const [tried, setTried] = useState(false);
  const errorText = useFeatureErrorText('profile');
  const places = useMemo(() => municipalityNames(profile.region), [profile.region]);
  const monthName = (m: number) =>
    new Date(2024, m - 1, 1).toLocaleDateString(intlLocale(i18n.language), {
      month: 'long',
    });
  useEffect(() => reset, [reset]);

  const body = {
    municipality: municipality.trim(),
    availabilityMonths: [...months].sort((a, b) => a - b),
    skills,
    cultures,
  };
  const parsed = updateWorkerProfileSchema.safeParse(body);
  const known = canonicalMunicipality(body.municipality, profile.region) !== undefined;
  const problems = {
    municipality: !body.municipality
      ? t('common:validation.required')
      : !known
        ? t('common:validation.municipality')
        : null,
    months: months.length === 0 ? t('common:validation.months') : null,
    skills: skills.trim().length > SKILLS_MAX ? t('worker.skillsTooLong', { max: SKILLS_MAX }) : null,
    cultures: cultures.length === 0 ? t('estate.typesRequired') : null,
  };
  const invalid = !parsed.success || Object.values(problems).some(Boolean);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid || !userId || !parsed.success) return;
    await update({ id: userId, body: parsed.data });
  };

  return (
    <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('worker.form')}>
      <Labelled label={t('worker.municipality')} error={tried ? problems.municipality : null}>
        {(c) => (
          <>
            <input
              {...c}
              list="profile-municipalities"
              autoComplete="off"
              value={municipality}
              onChange={(e) => setMunicipality(e.target.value)}
            />
            <datalist id="profile-municipalities">
              {places.map((p) => (
                <option key={p} value={placeName(p, i18n.language)} />
              ))}
            </datalist>
          </>
        )}
      </Labelled>
      <fieldset
        aria-invalid={tried && problems.months ? true : undefined}
        aria-describedby={tried && problems.months ? 'months-error' : undefined}
      >
        <legend>{t('worker.months')}</legend>
        <div className="months">
          {AVAILABILITY_MONTHS.map((m) => (
            <label key={m} className="check">
              <input
                type="checkbox"
                checked={months.includes(m)}
                onChange={(e) =>
                  setMonths((list) => (e.target.checked ? [...list, m] : list.filter((x) => x !== m)))
                }
              />
              {monthName(m)}
            </label>
          ))}
        </div>
        {tried && problems.months && (
          <p id="months-error" className="error" role="alert">
            {problems.months}
          </p>
        )}
      </fieldset>
      <ChoiceChips
        label={t('worker.cultures')}
        hint={t('worker.culturesHint')}
        error={tried ? problems.cultures : null}
        options={crops.map((cr) => ({ value: cr.id, label: cropName(cr.id, i18n.language) }))}
        value={cultures}
        onChange={setCultures}
      />
      <Labelled
        label={
          <>
            {t('worker.skills')} <span className="muted">{t('common:optional')}</span>
          </>
        }
        hint={t('counter', { count: skills.trim().length, max: SKILLS_MAX })}
        error={problems.skills}
      >
        {(c) => <textarea {...c} rows={4} value={skills} onChange={(e) => setSkills(e.target.value)} />}
      </Labelled>
      {error && (
        <p className="alert error" role="alert">
          {errorText(error, 'profile:updateError')}
        </p>
      )}
      {isSuccess && (
        <p className="alert success" role="status" data-testid="profile-saved">
          {t('saved')}
        </p>
      )}
      <button type="submit" className="primary block" disabled={isLoading}>
        {t('save')}
      </button>
    </form>
  );
}
