import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  BPG_DIGITS,
  checkMunicipality,
  cropsOf,
  estateFields,
  estateSizes,
  PIB_DIGITS,
  primaryIndustries,
  regions,
  regionSchema,
  type PrimaryIndustry,
} from '@moba/contracts';
import { Field, GroupError } from '../../../components/Field';
import { paths } from '../../../app/paths';
import { updateDraft } from '../draft';
import {
  MunicipalityField,
  RegionSelect,
  StepActions,
  StepForm,
  ToSignup,
  useDraftFor,
  useMunicipalities,
  useScript,
} from '../components/parts';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { codedResolver } from '../../../lib/validation';

const schema = estateFields.extend({ region: regionSchema }).superRefine(checkMunicipality);
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** /estate-registration: the estate itself (step 2 of 3). */
export default function EstateRegistrationPage() {
  const draft = useDraftFor('Estate');
  return draft === 'missing' ? <ToSignup /> : <EstateForm draft={draft} />;
}

function EstateForm({ draft }: { draft: Exclude<ReturnType<typeof useDraftFor>, 'missing'> }) {
  const { t, i18n } = useTranslation(['registration', 'common']);
  useDocumentTitle(t('estate.title'));
  const navigate = useNavigate();
  const script = useScript();
  const { register, control, handleSubmit, watch, setValue, formState } = useForm({
    resolver: codedResolver(schema),
    defaultValues: {
      estateName: draft.estateName ?? '',
      region: (draft.region as (typeof regions)[number]) ?? 'RS',
      municipality: draft.municipality ?? '',
      bpg: draft.bpg ?? '',
      pib: draft.pib,
      primaryIndustry: draft.primaryIndustry as PrimaryIndustry | undefined,
      cultureTypes: draft.cultureTypes ?? [],
      size: draft.size as (typeof estateSizes)[number] | undefined,
    },
  });
  const errors = formState.errors;
  const industry = watch('primaryIndustry');
  const municipalities = useMunicipalities(watch('region'));
  const cropName = (c: { sr: string; en: string }) => (i18n.language === 'en' ? c.en : script(c.sr));

  const onSubmit = handleSubmit((values) => {
    updateDraft(values);
    navigate(paths.basicInfoRegistration);
  });

  return (
    <StepForm step={2} title={t('estate.title')} lead={t('estate.lead')} onSubmit={onSubmit}>
      <Field
        label={t('estate.estateName')}
        autoComplete="organization"
        error={errors.estateName?.message}
        {...register('estateName')}
      />
      <RegionSelect id="region" label={t('months.region')} registration={register('region')} />
      <MunicipalityField
        label={t('estate.municipality')}
        listId="estate-municipalities"
        names={municipalities}
        error={errors.municipality?.message}
        registration={register('municipality')}
      />
      <Field
        label={t('estate.bpg')}
        hint={t('estate.bpgHint', { digits: BPG_DIGITS })}
        inputMode="numeric"
        maxLength={BPG_DIGITS}
        error={errors.bpg?.message}
        {...register('bpg')}
      />
      <Field
        label={`${t('estate.pib')} ${t('common:optional')}`}
        hint={t('estate.pibHint', { digits: PIB_DIGITS })}
        inputMode="numeric"
        maxLength={PIB_DIGITS}
        error={errors.pib?.message}
        {...register('pib', { setValueAs: emptyToUndefined })}
      />
      <div className={`field${errors.primaryIndustry ? ' has-error' : ''}`}>
        <label htmlFor="primaryIndustry">{t('estate.primaryIndustry')}</label>
        <select
          id="primaryIndustry"
          aria-describedby={errors.primaryIndustry ? 'industry-error' : undefined}
          {...register('primaryIndustry', {
            setValueAs: emptyToUndefined,
            onChange: () => setValue('cultureTypes', []),
          })}
        >
          <option value="">{t('estate.choose')}</option>
          {primaryIndustries.map((p) => (
            <option key={p} value={p}>
              {t(`estate.industries.${p}`)}
            </option>
          ))}
        </select>
        <GroupError id="industry-error" error={errors.primaryIndustry?.message} />
      </div>
      <Controller
        control={control}
        name="cultureTypes"
        render={({ field }) => (
          <fieldset aria-describedby={errors.cultureTypes ? 'cultures-error' : undefined}>
            <legend>{t('estate.cultureTypes')}</legend>
            <p className="hint">
              {industry ? t('estate.cultureTypesHint') : t('estate.chooseIndustryFirst')}
            </p>
            <div className="choices">
              {industry &&
                cropsOf(industry).map((crop) => (
                  <label key={crop.id} className="check">
                    <input
                      type="checkbox"
                      checked={field.value?.includes(crop.id) ?? false}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? [...(field.value ?? []), crop.id]
                            : (field.value ?? []).filter((id: string) => id !== crop.id),
                        )
                      }
                    />
                    {cropName(crop)}
                  </label>
                ))}
            </div>
            <GroupError id="cultures-error" error={errors.cultureTypes?.message} />
          </fieldset>
        )}
      />
      <div className={`field${errors.size ? ' has-error' : ''}`}>
        <label htmlFor="size">{t('estate.size')}</label>
        <select
          id="size"
          aria-describedby={errors.size ? 'size-error' : undefined}
          {...register('size', { setValueAs: emptyToUndefined })}
        >
          <option value="">{t('estate.choose')}</option>
          {estateSizes.map((s) => (
            <option key={s} value={s}>
              {t(`estate.sizes.${s}`)}
            </option>
          ))}
        </select>
        <GroupError id="size-error" error={errors.size?.message} />
      </div>
      <StepActions onBack={() => navigate(paths.signup)} />
    </StepForm>
  );
}
