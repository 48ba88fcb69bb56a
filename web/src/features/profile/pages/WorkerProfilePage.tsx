import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CropChips } from '../components/CropChips';
import {
  AVAILABILITY_MONTHS,
  checkMunicipality,
  evenWithFieldErrors,
  municipalityNames,
  SKILLS_MAX,
  updateWorkerProfileSchema,
  type WorkerProfile,
} from '@moba/contracts';
import { useSession } from '../../../app/session';
import { Labelled } from '../../../components/Labelled';
import { QueryState } from '../../../components/States';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { placeName } from '../../../lib/reference';
import { useMyPromiseFigureQuery, useUpdateWorkerProfileMutation, useWorkerProfileQuery } from '../api';
import { PromiseFigureLine } from '../../../components/TrustFigures';
import { PhotoField } from '../components/PhotoField';
import { LogOutEverywhere } from '../components/LogOutEverywhere';
import { SmsSettingsField } from '../components/SmsSettingsField';
import { CrewEditor, CrewInvitations } from '../../crew';
import '../../../components/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';
import { useIssueText } from '../../../components/Field';
import { apiErrorInfo } from '../../../lib/api';
import { intlLocale } from '../../../lib/format';
import { codedResolver, setServerFieldErrors } from '../../../lib/validation';

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
            <CrewInvitations />
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

export function WorkerForm({ profile }: { profile: WorkerProfile }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const issueText = useIssueText('profile');
  const { userId } = useSession();
  const [update, { isLoading, error, isSuccess, reset }] = useUpdateWorkerProfileMutation();
  const errorText = useFeatureErrorText('profile');
  // Some names (Palilula) are in two districts: the list offers each once.
  const places = useMemo(() => [...new Set(municipalityNames(profile.region))], [profile.region]);
  // The server checks the municipality against the worker's region, which the body does not carry.
  const schema = useMemo(
    () =>
      updateWorkerProfileSchema.superRefine(
        (value, ctx) => checkMunicipality({ ...value, region: profile.region }, ctx),
        evenWithFieldErrors,
      ),
    [profile.region],
  );
  const { register, control, handleSubmit, setError, watch, formState } = useForm({
    // A text grown too long is said while typing, next to its counter.
    mode: 'onChange',
    resolver: codedResolver(schema),
    defaultValues: {
      municipality: profile.municipality ?? '',
      availabilityMonths: profile.availabilityMonths,
      skills: profile.skills,
      cultures: profile.cultures ?? [],
    },
  });
  const errors = formState.errors;
  const skills = watch('skills') ?? '';
  const monthName = (m: number) =>
    new Date(2024, m - 1, 1).toLocaleDateString(intlLocale(i18n.language), {
      month: 'long',
    });
  useEffect(() => reset, [reset]);

  const onSubmit = handleSubmit(async (body) => {
    if (!userId) return;
    const result = await update({ id: userId, body });
    if ('error' in result)
      setServerFieldErrors(
        apiErrorInfo(result.error).fields,
        ['municipality', 'availabilityMonths', 'skills', 'cultures'],
        setError,
      );
  });
  const monthsError = issueText(errors.availabilityMonths?.message, 'availabilityMonths');

  return (
    <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('worker.form')}>
      <Labelled label={t('worker.municipality')} error={issueText(errors.municipality?.message)}>
        {(c) => (
          <>
            <input {...c} list="profile-municipalities" autoComplete="off" {...register('municipality')} />
            <datalist id="profile-municipalities">
              {places.map((p) => (
                <option key={p} value={placeName(p, i18n.language)} />
              ))}
            </datalist>
          </>
        )}
      </Labelled>
      <Controller
        control={control}
        name="availabilityMonths"
        render={({ field }) => (
          <fieldset
            aria-invalid={monthsError ? true : undefined}
            aria-describedby={monthsError ? 'months-error' : undefined}
          >
            <legend>{t('worker.months')}</legend>
            <div className="months">
              {AVAILABILITY_MONTHS.map((m, i) => {
                const months = field.value ?? [];
                return (
                  <label key={m} className="check">
                    <input
                      ref={i === 0 ? field.ref : undefined}
                      type="checkbox"
                      checked={months.includes(m)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? [...months, m].sort((a, b) => a - b)
                            : months.filter((x) => x !== m),
                        )
                      }
                    />
                    {monthName(m)}
                  </label>
                );
              })}
            </div>
            {monthsError && (
              <p id="months-error" className="error" role="alert">
                {monthsError}
              </p>
            )}
          </fieldset>
        )}
      />
      <CropChips
        control={control}
        name="cultures"
        label={t('worker.cultures')}
        hint={t('worker.culturesHint')}
        error={issueText(errors.cultures?.message, 'cultures')}
      />
      <Labelled
        label={
          <>
            {t('worker.skills')} <span className="muted">{t('common:optional')}</span>
          </>
        }
        hint={t('counter', { count: skills.trim().length, max: SKILLS_MAX })}
        error={issueText(errors.skills?.message)}
      >
        {(c) => <textarea {...c} rows={4} {...register('skills')} />}
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
