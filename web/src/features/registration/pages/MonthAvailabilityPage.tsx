import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  checkGroupLeader,
  checkMunicipality,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  regions,
  regionSchema,
  workerAvailabilityFields,
  workerDetailsFields,
} from '@moba/contracts';
import { Field, useFieldError } from '../../../components/Field';
import { MonthChecklist } from '../../../components/MonthChecklist';
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
  YesNo,
} from '../components/parts';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { codedResolver } from '../../../lib/validation';

const schema = workerAvailabilityFields
  .extend(workerDetailsFields.shape)
  .extend({ region: regionSchema })
  .superRefine((value, ctx) => {
    checkGroupLeader(value, ctx);
    checkMunicipality(value, ctx);
  });

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** /month-availability: the worker's months and work details (step 2 of 3). */
export default function MonthAvailabilityPage() {
  const draft = useDraftFor('Worker');
  return draft === 'missing' ? <ToSignup /> : <MonthAvailabilityForm draft={draft} />;
}

function MonthAvailabilityForm({ draft }: { draft: Exclude<ReturnType<typeof useDraftFor>, 'missing'> }) {
  const { t } = useTranslation(['registration', 'common']);
  useDocumentTitle(t('months.title'));
  const navigate = useNavigate();
  const { register, control, handleSubmit, watch, setValue, formState } = useForm({
    resolver: codedResolver(schema),
    defaultValues: {
      availabilityMonths: draft.availabilityMonths ?? [],
      region: (draft.region as (typeof regions)[number]) ?? 'RS',
      municipality: draft.municipality ?? '',
      skills: draft.skills ?? '',
      groupLeader: draft.groupLeader,
      groupSize: draft.groupSize,
      transportOrganised: draft.transportOrganised,
      willingToTravel: draft.willingToTravel,
    },
  });
  const region = watch('region');
  const groupLeader = watch('groupLeader');
  const municipalities = useMunicipalities(region);
  const errors = formState.errors;
  const monthsError = useFieldError(
    errors.availabilityMonths?.message ?? errors.availabilityMonths?.root?.message,
  );

  const onSubmit = handleSubmit((values) => {
    updateDraft({ ...values, groupSize: values.groupLeader ? values.groupSize : undefined });
    navigate(paths.basicInfoRegistration);
  });

  return (
    <StepForm step={2} title={t('months.title')} lead={t('months.lead')} onSubmit={onSubmit}>
      <Controller
        control={control}
        name="availabilityMonths"
        render={({ field }) => (
          <MonthChecklist
            ref={field.ref}
            legend={t('months.legend')}
            monthName={(m) => t(`months.m${m}`)}
            value={field.value}
            onChange={field.onChange}
            error={monthsError}
          />
        )}
      />
      <RegionSelect id="region" label={t('months.region')} registration={register('region')} />
      <MunicipalityField
        label={t('months.municipality')}
        listId="worker-municipalities"
        names={municipalities}
        error={errors.municipality?.message}
        registration={register('municipality')}
      />
      <Controller
        control={control}
        name="groupLeader"
        render={({ field }) => (
          <YesNo
            name="groupLeader"
            legend={t('months.groupLeader')}
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              if (!v) setValue('groupSize', undefined);
            }}
            error={errors.groupLeader?.message}
          />
        )}
      />
      {groupLeader && (
        <Field
          label={t('months.groupSize')}
          hint={t('months.groupSizeHint', { min: GROUP_SIZE_MIN, count: GROUP_SIZE_MAX })}
          type="number"
          inputMode="numeric"
          min={GROUP_SIZE_MIN}
          max={GROUP_SIZE_MAX}
          error={errors.groupSize?.message}
          {...register('groupSize', { setValueAs: toNumber })}
        />
      )}
      <Controller
        control={control}
        name="transportOrganised"
        render={({ field }) => (
          <YesNo
            name="transportOrganised"
            legend={t('months.transport')}
            value={field.value}
            onChange={field.onChange}
            error={errors.transportOrganised?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="willingToTravel"
        render={({ field }) => (
          <YesNo
            name="willingToTravel"
            legend={t('months.travel')}
            value={field.value}
            onChange={field.onChange}
            error={errors.willingToTravel?.message}
          />
        )}
      />
      <Field
        label={`${t('months.skills')} ${t('common:optional')}`}
        hint={t('months.skillsHint')}
        error={errors.skills?.message}
        {...register('skills')}
      />
      <StepActions onBack={() => navigate(paths.signup)} />
    </StepForm>
  );
}
