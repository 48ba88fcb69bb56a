import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { calendarDay, workDurationHours } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { apiErrorInfo } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useFeatureErrorText } from '../../mobas/error-text';
import { useFeaturingCheckout } from '../../featuring/useFeaturingCheckout';
import { useFeaturingOfferQuery } from '../../featuring/api';
import { useCreateVacancyMutation } from '../api';
import { translateIssue } from '../../../lib/issue-token';
import { checkDraft, initialDraft, type Draft } from '../draft';
import { BasicSection } from '../components/BasicSection';
import { PlaceSection } from '../components/PlaceSection';
import { WorkSection } from '../components/WorkSection';
import { TimeSection } from '../components/TimeSection';
import { PaymentSection } from '../components/PaymentSection';
import { ConditionsSection } from '../components/ConditionsSection';
import { FeaturingSection } from '../components/FeaturingSection';
import type { DraftSectionProps } from '../components/draft-section-props';
import '../../mobas/mobas.css';

/** /estate/create-new-moba: the whole vacancy form, checked inline, then the optional featuring checkout. */
export default function CreateMobaPage() {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [create, creation] = useCreateVacancyMutation();
  const checkout = useFeaturingCheckout();
  const { data: offer } = useFeaturingOfferQuery(undefined, { refetchOnMountOrArgChange: true });
  const free = !!offer?.freeForNew;
  const errorText = useFeatureErrorText('create-moba');
  const today = calendarDay(new Date());
  const { problems } = useMemo(() => checkDraft(draft, today), [draft, today]);
  const termsMissing = draft.featuring === 'sponsored' && !free && !draft.acceptedTerms;
  // The promo's free featuring costs nothing: it starts switched on.
  useEffect(() => {
    if (free) setDraft((d) => ({ ...d, featuring: 'sponsored' }));
  }, [free]);

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
    const token = serverFields[key] || ((tried || touched[key]) && problems[key]) || '';
    if (!token) return null;
    const { key: k, params, fallbacks } = translateIssue(token, 'create-moba');
    return t([k, ...fallbacks], params);
  };
  const sectionProps: DraftSectionProps = { draft, set, touch, errorOf };

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
    if (created.data.featuring === 'paid') {
      // Leaves for the checkout; on failure the moba exists but is not featured (spec §4).
      setCreatedId(created.data.id);
      await checkout.start(created.data.id);
      return;
    }
    showToast(t(created.data.featuring === 'free' ? 'createdFeatured' : 'created'), 'success');
    navigate(paths.estate.myMobas, { state: { created: created.data.id } });
  };

  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('title')}>
        <BasicSection {...sectionProps} />
        <PlaceSection {...sectionProps} />
        <WorkSection {...sectionProps} />
        <TimeSection {...sectionProps} today={today} />
        <PaymentSection {...sectionProps} />
        <ConditionsSection {...sectionProps} />
        <FeaturingSection draft={draft} set={set} offer={offer} showTermsError={tried && termsMissing} />

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
            {draft.featuring === 'sponsored' && !free ? t('submitAndPay') : t('submit')}
          </button>
        )}
      </form>
    </section>
  );
}
