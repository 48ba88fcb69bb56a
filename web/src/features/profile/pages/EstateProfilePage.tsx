import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceChips } from '../../../components/ChoiceChips';
import {
  crops,
  estateSizes,
  PROFILE_DESCRIPTION_MAX,
  updateEstateProfileSchema,
  type EstateProfile,
  type EstateSize,
} from '@moba/contracts';
import { useSession } from '../../../app/session';
import { Labelled } from '../../mobas/components/Labelled';
import { QueryState } from '../../mobas/components/States';
import { useFeatureErrorText } from '../../mobas/error-text';
import { cropName, placeName } from '../../mobas/reference';
import { useEstateProfileQuery, useMyPromiseFigureQuery, useUpdateEstateProfileMutation } from '../api';
import { EstateTrust } from '../../../components/TrustFigures';
import { PhotoField } from '../components/PhotoField';
import { LogOutEverywhere } from '../components/LogOutEverywhere';
import '../../mobas/mobas.css';
import { useReaderScript } from '../../../lib/reader-script';

/** /estate/profile: culture types, size, description (< 700), photo (< 2 MB). */
export default function EstateProfilePage() {
  const { t } = useTranslation('profile');
  const { data, isLoading, error, refetch } = useEstateProfileQuery(undefined, {
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
            <EstateSummary profile={data} />
            <EstateForm profile={data} />
            <PhotoField photoUrl={data.photoUrl} />
            <LogOutEverywhere />
          </>
        )}
      </QueryState>
    </section>
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

function EstateForm({ profile }: { profile: EstateProfile }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { userId } = useSession();
  const [types, setTypes] = useState<string[]>(profile.cultureTypes);
  const [size, setSize] = useState<EstateSize>(profile.size);
  const [description, setDescription] = useState(profile.description);
  const [tried, setTried] = useState(false);
  const [update, { isLoading, error, isSuccess }] = useUpdateEstateProfileMutation();
  const errorText = useFeatureErrorText('profile');
  const body = { cultureTypes: types, size, description };
  const parsed = updateEstateProfileSchema.safeParse(body);
  const problems = {
    types: types.length === 0 ? t('estate.typesRequired') : null,
    description: !description.trim()
      ? t('common:validation.required')
      : description.trim().length > PROFILE_DESCRIPTION_MAX
        ? t('estate.descriptionTooLong', { max: PROFILE_DESCRIPTION_MAX + 1 })
        : null,
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!parsed.success || !userId) return;
    await update({ id: userId, body: parsed.data });
  };

  return (
    <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('estate.form')}>
      <ChoiceChips
        label={t('estate.types')}
        hint={t('estate.typesHint')}
        error={tried ? problems.types : null}
        options={crops.map((cr) => ({ value: cr.id, label: cropName(cr.id, i18n.language) }))}
        value={types}
        onChange={setTypes}
      />
      <Labelled label={t('estate.size')}>
        {(c) => (
          <select {...c} value={size} onChange={(e) => setSize(e.target.value as EstateSize)}>
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
        error={tried || description.trim().length > PROFILE_DESCRIPTION_MAX ? problems.description : null}
      >
        {(c) => (
          <textarea {...c} rows={6} value={description} onChange={(e) => setDescription(e.target.value)} />
        )}
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
