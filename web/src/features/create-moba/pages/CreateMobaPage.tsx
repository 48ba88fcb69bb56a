import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { calendarDay } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { apiErrorInfo } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useFeaturingCheckout, useFeaturingOfferQuery } from '../../featuring';
import { useCreateVacancyMutation } from '../api';
import { useIssueText } from '../../../components/Field';
import { setServerFieldErrors } from '../../../lib/validation';
import { draftResolver, initialDraft, type Draft } from '../draft';
import { BasicSection } from '../components/BasicSection';
import { PlaceSection } from '../components/PlaceSection';
import { WorkSection } from '../components/WorkSection';
import { TimeSection } from '../components/TimeSection';
import { PaymentSection } from '../components/PaymentSection';
import { ConditionsSection } from '../components/ConditionsSection';
import { FeaturingSection } from '../components/FeaturingSection';
import { MeetingSection } from '../../day-of-work';
import type { DraftSectionProps } from '../components/draft-section-props';
import '../../../components/mobas.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** What the toast says: held for review (not published, not featured), featured for free, or published. */
const createdText = (result: { featuring: string; status: string }) =>
  result.status === 'Review' ? 'createdHeld' : result.featuring === 'free' ? 'createdFeatured' : 'created';

/** /estate/create-new-moba: the whole vacancy form, checked inline, then the optional featuring checkout. */
export default function CreateMobaPage() {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const today = calendarDay(new Date());
  const resolver = useMemo(() => draftResolver(today), [today]);
  // Checked when a field is left, then as it changes: a rule shows once the estate is done typing.
  const form = useForm({ resolver, defaultValues: initialDraft(), mode: 'onTouched' });
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [create, creation] = useCreateVacancyMutation();
  const checkout = useFeaturingCheckout();
  const { data: offer } = useFeaturingOfferQuery(undefined, { refetchOnMountOrArgChange: true });
  const free = !!offer?.freeForNew;
  const errorText = useFeatureErrorText('create-moba');
  const issueText = useIssueText('create-moba');
  const { errors, isSubmitted } = form.formState;
  const [featuring, acceptedTerms] = form.watch(['featuring', 'acceptedTerms']);
  // Consent to the paid checkout's terms: asked of the estate here, not a rule of the body.
  const termsMissing = featuring === 'sponsored' && !free && !acceptedTerms;
  const { setValue } = form;
  // The promo's free featuring costs nothing: it starts switched on.
  useEffect(() => {
    if (free) setValue('featuring', 'sponsored');
  }, [free, setValue]);

  const errorOf = (key: keyof Draft) => issueText(errors[key]?.message, key);
  const sectionProps: DraftSectionProps = { form, errorOf };
  const problemCount = Object.keys(errors).length;

  const onSubmit = form.handleSubmit(async (body) => {
    if (termsMissing) return form.setFocus('acceptedTerms');
    const created = await create(body);
    if ('error' in created) {
      setServerFieldErrors(
        apiErrorInfo(created.error).fields,
        Object.keys(initialDraft()) as (keyof Draft)[],
        form.setError,
      );
      return;
    }
    if (created.data.featuring === 'paid') {
      // Leaves for the checkout; on failure the moba exists but is not featured (spec §4).
      setCreatedId(created.data.id);
      await checkout.start(created.data.id);
      return;
    }
    showToast(t(createdText(created.data)), 'success');
    navigate(paths.estate.myMobas, { state: { created: created.data.id } });
  });

  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('title')}>
        <BasicSection {...sectionProps} />
        <PlaceSection {...sectionProps} />
        <WorkSection {...sectionProps} />
        <TimeSection {...sectionProps} today={today} />
        <PaymentSection {...sectionProps} today={today} />
        <ConditionsSection {...sectionProps} />
        <MeetingSection
          value={form.watch('dayOfWork')}
          onChange={(next) => form.setValue('dayOfWork', next, { shouldValidate: isSubmitted })}
          startDate={form.watch('startDate')}
          endDate={form.watch('endDate')}
          submitted={isSubmitted}
        />
        <FeaturingSection form={form} offer={offer} showTermsError={isSubmitted && termsMissing} />

        {isSubmitted && problemCount > 0 && (
          <p className="alert error" role="alert" data-testid="form-problems">
            {t('fixProblems', { count: problemCount })}
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
            {featuring === 'sponsored' && !free ? t('submitAndPay') : t('submit')}
          </button>
        )}
      </form>
    </section>
  );
}
