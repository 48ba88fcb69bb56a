import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CropChips } from '../components/CropChips';
import {
  estateSizes,
  PROFILE_DESCRIPTION_MAX,
  updateEstateProfileSchema,
  type EstateProfile,
} from '@moba/contracts';
import { Labelled } from '../../../components/Labelled';
import { placeName } from '../../../lib/reference';
import { useEstateProfileQuery, useMyPromiseFigureQuery, useUpdateEstateProfileMutation } from '../api';
import { EstateTrust } from '../../../components/TrustFigures';
import { PhotoField } from '../components/PhotoField';
import { ProfileForm, ProfileScreen } from '../components/ProfileScreen';
import { useSaveOwnProfile } from '../save-own-profile';
import { LogOutEverywhere } from '../components/LogOutEverywhere';
import '../../../components/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';
import { useIssueText } from '../../../components/Field';
import { codedResolver, setServerFieldErrors } from '../../../lib/validation';

/** /estate/profile: culture types, size, description (< 700), photo (< 2 MB). */
export default function EstateProfilePage() {
  const query = useEstateProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <ProfileScreen query={query}>
      {(data) => (
        <>
          <EstateSummary profile={data} />
          <EstateForm profile={data} />
          <PhotoField photoUrl={data.photoUrl} />
          <LogOutEverywhere />
        </>
      )}
    </ProfileScreen>
  );
}

function EstateSummary({ profile }: { profile: EstateProfile }) {
  const { t, i18n } = useTranslation('profile');
  const shown = useReaderScript();
  const { data: promises } = useMyPromiseFigureQuery();
  return (
    <div className="card" data-testid="profile-summary">
      <p>
        <strong>{shown(profile.estateName)}</strong> · {placeName(profile.municipality, i18n.language)}
      </p>
      <EstateTrust verified={profile.verified} promises={promises} />
      <p>
        {shown(profile.fullName)} · {profile.phone}
      </p>
      <p>
        {t('estate.bpg')}: {profile.bpg}
        {profile.pib ? ` · ${t('estate.pib')}: ${profile.pib}` : ''}
      </p>
    </div>
  );
}

export function EstateForm({ profile }: { profile: EstateProfile }) {
  const { t } = useTranslation(['profile', 'common']);
  const issueText = useIssueText('profile');
  const [update, saving] = useUpdateEstateProfileMutation();
  const save = useSaveOwnProfile(update);
  const { register, control, handleSubmit, setError, watch, formState } = useForm({
    // A text grown too long is said while typing, next to its counter.
    mode: 'onChange',
    resolver: codedResolver(updateEstateProfileSchema),
    defaultValues: {
      cultureTypes: profile.cultureTypes,
      size: profile.size,
      description: profile.description,
    },
  });
  const errors = formState.errors;
  const description = watch('description') ?? '';

  const onSubmit = handleSubmit(async (body) =>
    setServerFieldErrors(await save(body), ['cultureTypes', 'size', 'description'], setError),
  );

  return (
    <ProfileForm label={t('estate.form')} onSubmit={onSubmit} saving={saving}>
      <CropChips
        control={control}
        name="cultureTypes"
        label={t('estate.types')}
        hint={t('estate.typesHint')}
        error={issueText(errors.cultureTypes?.message, 'cultureTypes')}
      />
      <Labelled label={t('estate.size')} error={issueText(errors.size?.message)}>
        {(c) => (
          <select {...c} {...register('size')}>
            {estateSizes.map((s) => (
              <option key={s} value={s}>
                {t(`estate.sizes.${s}`)}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled
        label={t('estate.description')}
        hint={t('estate.descriptionHint', {
          count: description.trim().length,
          max: PROFILE_DESCRIPTION_MAX + 1,
        })}
        error={issueText(errors.description?.message, 'description')}
      >
        {(c) => <textarea {...c} rows={6} {...register('description')} />}
      </Labelled>
    </ProfileForm>
  );
}
