import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  calendarDay,
  crops,
  DESCRIPTION_MAX,
  FEATURED_PRICE_RSD,
  jobActivities,
  municipalityNames,
  paymentTypes,
  regions,
  TITLE_MAX,
  VACANCY_MAX_DAYS,
  workDurationHours,
  type PaymentType,
  type Region,
} from '@moba/contracts';
import { paths } from '../../../app/paths';
import { apiErrorInfo } from '../../../lib/api';
import { formatRsd } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { Labelled } from '../../mobas/components/Labelled';
import { useFeatureErrorText } from '../../mobas/error-text';
import { activityName, cropName, placeName } from '../../mobas/reference';
import { useFeaturingCheckout } from '../../featuring/useFeaturingCheckout';
import { useEstateVacanciesQuery } from '../../my-mobas/api';
import { useCreateVacancyMutation } from '../api';
import { vacancyIssueKey } from '../vacancy-issues';
import { checkDraft, initialDraft, type Draft } from '../draft';
import '../../mobas/mobas.css';

/** /estate/create-new-moba: the whole vacancy form, checked inline, then the optional featuring checkout. */
export default function CreateMobaPage() {
  const { t, i18n } = useTranslation(['create-moba', 'mobas', 'common']);
  const lng = i18n.language;
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [create, creation] = useCreateVacancyMutation();
  const checkout = useFeaturingCheckout();
  const { data: mine } = useEstateVacanciesQuery();
  const errorText = useFeatureErrorText('create-moba');
  const today = calendarDay(new Date());
  const { problems } = useMemo(() => checkDraft(draft, today), [draft, today]);
  const places = useMemo(() => municipalityNames(draft.region), [draft.region]);
  const duration = workDurationHours(draft.workStartTime || '00:00', draft.workEndTime || '00:00');
  const firstMoba = !!mine && mine.active.length + mine.past.length === 0;
  const termsMissing = draft.featuring === 'sponsored' && !draft.acceptedTerms;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setServerFields((s) => ({ ...s, [key]: '' }));
    setDraft((d) => {
      const next = { ...d, [key]: value };
      // Hours follow the work times while the estate has not typed a different number.
      if (
        (key === 'workStartTime' || key === 'workEndTime') &&
        d.hoursPerDay === String(workDurationHours(d.workStartTime, d.workEndTime))
      ) {
        const hours = workDurationHours(next.workStartTime || '00:00', next.workEndTime || '00:00');
        if (hours > 0) next.hoursPerDay = String(hours);
      }
      return next;
    });
  };
  const touch = (key: string) => () => setTouched((s) => ({ ...s, [key]: true }));
  const errorOf = (key: string): string | null => {
    const message = serverFields[key] || ((tried || touched[key]) && problems[key]) || '';
    if (!message) return null;
    const { key: k, params } = vacancyIssueKey(message, key);
    return t(k, params);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const { result } = checkDraft(draft, today);
    if (!result.success || termsMissing) {
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(
            'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]',
          )
          ?.focus(),
      );
      return;
    }
    const created = await create(result.data);
    if ('error' in created) {
      setServerFields(apiErrorInfo(created.error).fields);
      return;
    }
    if (draft.featuring === 'sponsored') {
      // Leaves for the checkout; on failure the moba exists but is not featured (spec §4).
      setCreatedId(created.data.id);
      await checkout.start(created.data.id);
      return;
    }
    showToast(t('created'), 'info');
    navigate(paths.estate.myMobas, { state: { created: created.data.id } });
  };

  const yesNo = (
    key: 'foodProvided' | 'transportProvided' | 'accommodationProvided' | 'groupLeadersAccepted',
  ) => (
    <RadioGroup
      legend={t(`fields.${key}`)}
      name={key}
      error={errorOf(key)}
      testId={`group-${key}`}
      options={[
        { value: 'yes', label: t('mobas:facts.yes') },
        { value: 'no', label: t('mobas:facts.no') },
      ]}
      value={draft[key] === undefined ? '' : draft[key] ? 'yes' : 'no'}
      onChange={(v) => {
        set(key, v === 'yes');
        touch(key)();
      }}
    />
  );

  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('title')}>
        <fieldset>
          <legend>{t('sections.basic')}</legend>
          <div className="form">
            <Labelled
              label={t('fields.title')}
              hint={t('counter', { count: draft.title.length, max: TITLE_MAX })}
              error={errorOf('title')}
            >
              {(c) => (
                <input
                  {...c}
                  value={draft.title}
                  maxLength={TITLE_MAX + 20}
                  onBlur={touch('title')}
                  onChange={(e) => set('title', e.target.value)}
                />
              )}
            </Labelled>
            <Labelled
              label={t('fields.description')}
              hint={
                <>
                  {t('descriptionHint')}{' '}
                  {t('counter', { count: draft.description.length, max: DESCRIPTION_MAX })}
                </>
              }
              error={errorOf('description')}
            >
              {(c) => (
                <textarea
                  {...c}
                  rows={5}
                  value={draft.description}
                  onBlur={touch('description')}
                  onChange={(e) => set('description', e.target.value)}
                />
              )}
            </Labelled>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('sections.place')}</legend>
          <div className="form">
            <Labelled label={t('fields.region')}>
              {(c) => (
                <select {...c} value={draft.region} onChange={(e) => set('region', e.target.value as Region)}>
                  {regions.map((r) => (
                    <option key={r} value={r}>
                      {t(`regions.${r}`)}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled
              label={t('fields.municipality')}
              hint={t('municipalityHint')}
              error={errorOf('municipality')}
            >
              {(c) => (
                <>
                  <input
                    {...c}
                    list="moba-municipalities"
                    autoComplete="off"
                    value={draft.municipality}
                    onBlur={touch('municipality')}
                    onChange={(e) => set('municipality', e.target.value)}
                  />
                  <datalist id="moba-municipalities">
                    {places.map((p) => (
                      <option key={p} value={p}>
                        {placeName(p, lng)}
                      </option>
                    ))}
                  </datalist>
                </>
              )}
            </Labelled>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('sections.work')}</legend>
          <div className="form">
            <Labelled
              label={t('fields.jobActivities')}
              hint={t('multiHint')}
              error={errorOf('jobActivities')}
            >
              {(c) => (
                <select
                  {...c}
                  multiple
                  size={6}
                  value={draft.jobActivities}
                  onBlur={touch('jobActivities')}
                  onChange={(e) =>
                    set(
                      'jobActivities',
                      [...e.target.selectedOptions].map((o) => o.value),
                    )
                  }
                >
                  {jobActivities.map((a) => (
                    <option key={a.id} value={a.id}>
                      {activityName(a.id, lng)}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled
              label={
                <>
                  {t('fields.crops')} <span className="muted">{t('common:optional')}</span>
                </>
              }
              hint={t('multiHint')}
              error={errorOf('crops')}
            >
              {(c) => (
                <select
                  {...c}
                  multiple
                  size={6}
                  value={draft.crops}
                  onChange={(e) =>
                    set(
                      'crops',
                      [...e.target.selectedOptions].map((o) => o.value),
                    )
                  }
                >
                  {crops.map((cr) => (
                    <option key={cr.id} value={cr.id}>
                      {cropName(cr.id, lng)}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label={t('fields.numberOfWorkers')} error={errorOf('numberOfWorkers')}>
              {(c) => (
                <input
                  {...c}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={draft.numberOfWorkers}
                  onBlur={touch('numberOfWorkers')}
                  onChange={(e) => set('numberOfWorkers', e.target.value)}
                />
              )}
            </Labelled>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('sections.time')}</legend>
          <div className="form">
            <p className="hint">{t('datesHint', { max: VACANCY_MAX_DAYS })}</p>
            <div className="row">
              <Labelled label={t('fields.startDate')} error={errorOf('startDate')}>
                {(c) => (
                  <input
                    {...c}
                    type="date"
                    min={today}
                    value={draft.startDate}
                    onBlur={touch('startDate')}
                    onChange={(e) => set('startDate', e.target.value)}
                  />
                )}
              </Labelled>
              <Labelled label={t('fields.endDate')} error={errorOf('endDate')}>
                {(c) => (
                  <input
                    {...c}
                    type="date"
                    min={draft.startDate || today}
                    value={draft.endDate}
                    onBlur={touch('endDate')}
                    onChange={(e) => set('endDate', e.target.value)}
                  />
                )}
              </Labelled>
            </div>
            <div className="row">
              <Labelled label={t('fields.workStartTime')} error={errorOf('workStartTime')}>
                {(c) => (
                  <input
                    {...c}
                    type="time"
                    value={draft.workStartTime}
                    onBlur={touch('workStartTime')}
                    onChange={(e) => set('workStartTime', e.target.value)}
                  />
                )}
              </Labelled>
              <Labelled label={t('fields.workEndTime')} error={errorOf('workEndTime')}>
                {(c) => (
                  <input
                    {...c}
                    type="time"
                    value={draft.workEndTime}
                    onBlur={touch('workEndTime')}
                    onChange={(e) => set('workEndTime', e.target.value)}
                  />
                )}
              </Labelled>
            </div>
            <p className="duration" data-testid="duration" aria-live="polite">
              {duration > 0 ? t('duration', { count: duration }) : t('durationNone')}
            </p>
            <Labelled label={t('fields.hoursPerDay')} error={errorOf('hoursPerDay')}>
              {(c) => (
                <input
                  {...c}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={16}
                  value={draft.hoursPerDay}
                  onBlur={touch('hoursPerDay')}
                  onChange={(e) => set('hoursPerDay', e.target.value)}
                />
              )}
            </Labelled>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('sections.payment')}</legend>
          <div className="form">
            <RadioGroup
              legend={t('fields.paymentType')}
              name="paymentType"
              value={draft.paymentType}
              options={paymentTypes.map((p) => ({ value: p, label: t(`mobas:paymentType.${p}`) }))}
              onChange={(v) => set('paymentType', v as PaymentType)}
            />
            {draft.paymentType === 'DailyWage' && (
              <Labelled label={t('fields.dailyWage')} error={errorOf('dailyWage')}>
                {(c) => (
                  <input
                    {...c}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={100}
                    value={draft.dailyWage}
                    onBlur={touch('dailyWage')}
                    onChange={(e) => set('dailyWage', e.target.value)}
                  />
                )}
              </Labelled>
            )}
            {draft.paymentType === 'Norm' && (
              <div className="row">
                <Labelled label={t('fields.norm')} hint={t('normHint')} error={errorOf('norm')}>
                  {(c) => (
                    <input
                      {...c}
                      value={draft.norm}
                      onBlur={touch('norm')}
                      onChange={(e) => set('norm', e.target.value)}
                    />
                  )}
                </Labelled>
                <Labelled label={t('fields.normPrice')} error={errorOf('normPrice')}>
                  {(c) => (
                    <input
                      {...c}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      value={draft.normPrice}
                      onBlur={touch('normPrice')}
                      onChange={(e) => set('normPrice', e.target.value)}
                    />
                  )}
                </Labelled>
              </div>
            )}
            {draft.paymentType === 'ByAgreement' && <p className="hint">{t('byAgreementHint')}</p>}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('sections.conditions')}</legend>
          <div className="form">
            {yesNo('foodProvided')}
            {yesNo('transportProvided')}
            {yesNo('accommodationProvided')}
            {yesNo('groupLeadersAccepted')}
          </div>
        </fieldset>

        <fieldset data-testid="featuring">
          <legend>{t('sections.featuring')}</legend>
          <div className="choices">
            <label className="check">
              <input
                type="radio"
                name="featuring"
                checked={draft.featuring === 'none'}
                onChange={() => set('featuring', 'none')}
              />
              {t('featuring.none')}
            </label>
            <label className="check">
              <input
                type="radio"
                name="featuring"
                checked={draft.featuring === 'sponsored'}
                onChange={() => set('featuring', 'sponsored')}
              />
              <span>
                {t('featuring.sponsored')} —{' '}
                <strong className="price">{formatRsd(FEATURED_PRICE_RSD)}</strong>
              </span>
            </label>
            <p className="hint" data-testid="promo-hint">
              {firstMoba ? t('featuring.freeFirst') : t('featuring.promoRule')}
            </p>
            <label className="check">
              <input type="radio" name="featuring" disabled aria-describedby="urgent-soon" />
              <span>
                {t('featuring.urgent')}{' '}
                <span id="urgent-soon" className="status-chip">
                  {t('featuring.comingSoon')}
                </span>
              </span>
            </label>
          </div>
          {draft.featuring === 'sponsored' && (
            <>
              <p className="hint">{t('featuring.checkoutHint')}</p>
              <label className="check">
                <input
                  type="checkbox"
                  checked={draft.acceptedTerms}
                  aria-invalid={tried && termsMissing ? true : undefined}
                  aria-describedby={tried && termsMissing ? 'terms-error' : undefined}
                  onChange={(e) => set('acceptedTerms', e.target.checked)}
                />
                {t('featuring.terms')}
              </label>
              {tried && termsMissing && (
                <p id="terms-error" className="error" role="alert">
                  {t('featuring.termsRequired')}
                </p>
              )}
            </>
          )}
        </fieldset>

        {tried && Object.keys(problems).length > 0 && (
          <p className="alert error" role="alert" data-testid="form-problems">
            {t('fixProblems', { count: Object.keys(problems).length })}
          </p>
        )}
        {creation.error && (
          <p className="alert error" role="alert">
            {errorText(creation.error, 'create-moba:createError')}
          </p>
        )}
        {createdId ? (
          <div className="stack" data-testid="created-not-featured">
            {checkout.error && (
              <p className="alert error" role="alert" data-testid="payment-error">
                {checkout.error}
              </p>
            )}
            <button
              type="button"
              className="primary block"
              disabled={checkout.busy}
              onClick={() => void checkout.start(createdId)}
            >
              {t('payAgain')}
            </button>
            <button type="button" className="block" onClick={() => navigate(paths.estate.myMobas)}>
              {t('toMyMobas')}
            </button>
          </div>
        ) : (
          <button type="submit" className="primary block" disabled={creation.isLoading || checkout.busy}>
            {draft.featuring === 'sponsored' ? t('submitAndPay') : t('submit')}
          </button>
        )}
      </form>
    </section>
  );
}

function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  testId,
}: {
  legend: ReactNode;
  name: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
    >
      <legend>{legend}</legend>
      <div className="choices">
        {options.map((o) => (
          <label key={o.value} className="check">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
