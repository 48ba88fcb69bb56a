import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CropChips } from '../components/CropChips';
import {
  checkMunicipality,
  evenWithFieldErrors,
  municipalityNames,
  SKILLS_MAX,
  updateWorkerProfileSchema,
  type WorkerProfile,
} from '@moba/contracts';
import { Labelled, OptionalLabel } from '../../../components/Labelled';
import { MonthChecklist, useMonthName } from '../../../components/MonthChecklist';
import { placeName } from '../../../lib/reference';
import { useMyPromiseFigureQuery, useUpdateWorkerProfileMutation, useWorkerProfileQuery } from '../api';
import { PromiseFigureLine } from '../../../components/TrustFigures';
import { PhotoField } from '../components/PhotoField';
import { ProfileForm, ProfileScreen } from '../components/ProfileScreen';
import { useSaveOwnProfile } from '../save-own-profile';
import { LogOutEverywhere } from '../components/LogOutEverywhere';
import { SmsSettingsField } from '../components/SmsSettingsField';
import { CrewEditor, CrewInvitations } from '../../crew';
import '../../../components/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';
import { useIssueText } from '../../../components/Field';
import { byReaderOrder } from '../../../lib/format';
import { codedResolver, setServerFieldErrors } from '../../../lib/validation';

/** /worker/profile: county (municipality), availability months, skills (< 500), photo (< 2 MB). */
export default function WorkerProfilePage() {
  const query = useWorkerProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <ProfileScreen query={query}>
      {(data) => (
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
    </ProfileScreen>
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
  const [update, saving] = useUpdateWorkerProfileMutation();
  const save = useSaveOwnProfile(update);
  // Some names (Palilula) are in two districts: the list offers each once.
  const lng = i18n.language;
  const places = useMemo(
    () => byReaderOrder([...new Set(municipalityNames(profile.region))], (p) => placeName(p, lng), lng),
    [profile.region, lng],
  );
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
      // Stored in Latin; the reader sees and edits it in their own script (the server takes either).
      municipality: profile.municipality ? placeName(profile.municipality, lng) : '',
      availabilityMonths: profile.availabilityMonths,
      skills: profile.skills,
      cultures: profile.cultures ?? [],
    },
  });
  const errors = formState.errors;
  const skills = watch('skills') ?? '';
  const monthName = useMonthName();
  useEffect(() => saving.reset, [saving.reset]);

  const onSubmit = handleSubmit(async (body) =>
    setServerFieldErrors(
      await save(body),
      ['municipality', 'availabilityMonths', 'skills', 'cultures'],
      setError,
    ),
  );

  return (
    <ProfileForm label={t('worker.form')} onSubmit={onSubmit} saving={saving}>
      <Labelled label={t('worker.municipality')} error={issueText(errors.municipality?.message)}>
        {(c) => (
          <>
            <input {...c} list="profile-municipalities" autoComplete="off" {...register('municipality')} />
            <datalist id="profile-municipalities">
              {places.map((p) => (
                <option key={p} value={placeName(p, lng)} />
              ))}
            </datalist>
          </>
        )}
      </Labelled>
      <Controller
        control={control}
        name="availabilityMonths"
        render={({ field }) => (
          <MonthChecklist
            ref={field.ref}
            legend={t('worker.months')}
            monthName={monthName}
            value={field.value}
            onChange={field.onChange}
            error={issueText(errors.availabilityMonths?.message, 'availabilityMonths')}
          />
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
        label={<OptionalLabel>{t('worker.skills')}</OptionalLabel>}
        hint={t('counter', { count: skills.trim().length, max: SKILLS_MAX })}
        error={issueText(errors.skills?.message)}
      >
        {(c) => <textarea {...c} rows={4} {...register('skills')} />}
      </Labelled>
    </ProfileForm>
  );
}
