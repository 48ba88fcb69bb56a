import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../../components/SaveFooter';
import { Link, useSearchParams } from 'react-router-dom';
import {
  crops,
  jobActivities,
  updateJobAlertSettingsSchema,
  withinKmChoices,
  JOB_ALERT_SMS_PER_DAY,
  JOB_ALERT_STOP_REPLY,
  type JobAlertSettings,
} from '@moba/contracts';
import { paths } from '../../../app/paths';
import { ChoiceChips } from '../../../components/ChoiceChips';
import { Labelled } from '../../../components/Labelled';
import { NumberInput } from '../../../components/NumberInput';
import { MonthChecklist, useMonthName } from '../../../components/MonthChecklist';
import { useIssueText } from '../../../components/Field';
import { apiErrorInfo } from '../../../lib/api';
import { placeName, useWorkNames } from '../../../lib/reference';
import { codedResolver, setServerFieldErrors } from '../../../lib/validation';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useJobAlertSettingsQuery, useUpdateJobAlertSettingsMutation } from '../api';

/**
 * /worker/job-alerts: what new mobas the worker hears of (crops, job activities, radius from home,
 * months, minimum daily wage, SMS), checked with the contract's schema as the server does, and
 * "stop these alerts" (the alert notification links here with ?stop=1, which puts it first).
 */
export default function JobAlertsPage() {
  const { t } = useTranslation('job-alerts');
  const { data, isError } = useJobAlertSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="page narrow" data-testid="job-alerts-page">
      <h1>{t('title')}</h1>
      <p className="hint">{t('intro')}</p>
      {isError && (
        <p className="alert error" role="alert">
          {t('loadError')}
        </p>
      )}
      {data && (
        <>
          <StopOrStart settings={data} />
          {data.enabled && <AlertForm settings={data} />}
        </>
      )}
    </section>
  );
}

function StopOrStart({ settings }: { settings: JobAlertSettings }) {
  const { t } = useTranslation('job-alerts');
  const [params] = useSearchParams();
  const [update, state] = useUpdateJobAlertSettingsMutation();
  const asked = params.get('stop') === '1' && settings.enabled;
  return (
    <div className={`card${asked ? ' highlighted' : ''}`} data-testid="job-alerts-switch">
      <p role="status">{settings.enabled ? t('on') : t('off')}</p>
      {asked && <p>{t('stopAsked')}</p>}
      <button
        type="button"
        className={settings.enabled ? 'danger block' : 'primary block'}
        disabled={state.isLoading}
        onClick={() => void update({ enabled: !settings.enabled })}
      >
        {settings.enabled ? t('stop') : t('start')}
      </button>
      <p className="hint">{t('stopBySms', { reply: JOB_ALERT_STOP_REPLY })}</p>
    </div>
  );
}

const FIELDS = ['crops', 'jobActivities', 'radiusKm', 'months', 'minDailyWage', 'sms'] as const;

function AlertForm({ settings }: { settings: JobAlertSettings }) {
  const { t, i18n } = useTranslation(['job-alerts', 'common']);
  const issueText = useIssueText('job-alerts');
  const errorText = useFeatureErrorText('job-alerts');
  const { cropName, activityName } = useWorkNames();
  const [update, saving] = useUpdateJobAlertSettingsMutation();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: codedResolver(updateJobAlertSettingsSchema),
    defaultValues: {
      crops: settings.crops,
      jobActivities: settings.jobActivities,
      radiusKm: settings.radiusKm,
      months: settings.months,
      minDailyWage: settings.minDailyWage,
      sms: settings.sms,
    },
  });
  useEffect(() => saving.reset, [saving.reset]);
  const errors = formState.errors;
  const monthName = useMonthName();

  const onSubmit = handleSubmit(async (body) => {
    const result = await update(body);
    if ('error' in result && result.error)
      setServerFieldErrors(apiErrorInfo(result.error).fields, FIELDS, setError);
  });

  return (
    <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('form')}>
      <p data-testid="job-alerts-home">
        {settings.home ? (
          t('home', { place: placeName(settings.home, i18n.language) })
        ) : (
          <>
            {t('noHome')} <Link to={paths.worker.profile}>{t('toProfile')}</Link>
          </>
        )}
      </p>
      <Controller
        control={control}
        name="radiusKm"
        render={({ field }) => (
          <fieldset>
            <legend>{t('radius')}</legend>
            <div className="choices">
              {withinKmChoices.map((km, i) => (
                <label key={km} className="check">
                  <input
                    ref={i === 0 ? field.ref : undefined}
                    type="radio"
                    name="radiusKm"
                    checked={field.value === km}
                    onChange={() => field.onChange(km)}
                  />
                  {t('km', { km })}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="months"
        render={({ field }) => (
          <MonthChecklist
            ref={field.ref}
            legend={t('months')}
            monthName={monthName}
            value={field.value}
            onChange={field.onChange}
            error={issueText(errors.months?.message, 'months')}
          />
        )}
      />
      <Controller
        control={control}
        name="crops"
        render={({ field }) => (
          <ChoiceChips
            ref={field.ref}
            label={t('crops')}
            hint={t('anyIfNone')}
            error={issueText(errors.crops?.message, 'crops')}
            options={crops.map((crop) => ({ value: crop.id, label: cropName(crop.id) }))}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            testId="job-alerts-crops"
          />
        )}
      />
      <Controller
        control={control}
        name="jobActivities"
        render={({ field }) => (
          <ChoiceChips
            ref={field.ref}
            label={t('jobActivities')}
            hint={t('anyIfNone')}
            error={issueText(errors.jobActivities?.message, 'jobActivities')}
            options={jobActivities.map((job) => ({ value: job.id, label: activityName(job.id) }))}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <Labelled
        label={t('minDailyWage')}
        hint={t('minDailyWageHint')}
        error={issueText(errors.minDailyWage?.message, 'minDailyWage')}
        testId="job-alerts-wage"
      >
        {(c) => (
          <NumberInput
            {...c}
            min={0}
            step={100}
            {...register('minDailyWage', { setValueAs: (v: string) => (v === '' ? 0 : Number(v)) })}
          />
        )}
      </Labelled>
      <fieldset>
        <legend>{t('channels')}</legend>
        <p className="hint">{t('appAlways')}</p>
        <label className="check">
          <input type="checkbox" {...register('sms')} />
          {t('sms', { count: JOB_ALERT_SMS_PER_DAY })}
        </label>
        {!settings.smsReady && (
          <p className="hint" data-testid="job-alerts-sms-off">
            {t('smsNotReady')} <Link to={paths.worker.profile}>{t('toProfile')}</Link>
          </p>
        )}
      </fieldset>
      <SaveFooter
        error={errorText(saving.error, 'job-alerts:saveError')}
        saved={saving.isSuccess && t('saved')}
        savedTestId="job-alerts-saved"
        busy={saving.isLoading}
        label={t('save')}
      />
    </form>
  );
}
