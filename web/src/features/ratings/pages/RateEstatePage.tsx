import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useReaderScript } from '../../../lib/reader-script';
import {
  RATING_COMMENT_MAX,
  offeredExtras,
  rateEstateBodySchema,
  type EstateForRating,
  type EstatePromises,
} from '@moba/contracts';
import { isUuidV4, paths } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { Labelled, OptionalLabel } from '../../../components/Labelled';
import { useIssueText } from '../../../components/Field';
import { codedResolver } from '../../../lib/validation';
import { QueryState } from '../../../components/States';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useEstateForRatingQuery, useRateEstateMutation } from '../api';
import { GradeInput, Stars } from '../components/GradeInput';
import '../../../components/mobas.css';
import '../ratings.css';
import { reasonOf } from '../reason-of';
import { PromiseChecklist, completeAnswers, type Answers } from '../components/PromiseChecklist';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** What the moba promised: pay, pay day and hours always; food, transport, accommodation when offered. */
export const estatePromiseItems = (offered: EstateForRating['offered']): string[] => [
  'paidAgreedWage',
  'paidOnTime',
  'hoursAsListed',
  ...offeredExtras.filter((extra) => offered?.[extra]),
];

/** The rating form: the shared body schema without the vacancy, which comes from the address. */
const ratingFormSchema = rateEstateBodySchema.omit({ vacancyId: true });
type RatingValues = z.output<typeof ratingFormSchema>;
/** No grade is chosen yet when the page opens. */
interface RatingDraft {
  grade: number | null;
  comment: string;
}

/** /worker/my-mobas/:vacancyId/rate-estate — the id must be a UUID v4 (spec §2), grade 1–5, comment ≤ 300. */
export default function RateEstatePage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <RateEstate vacancyId={vacancyId} />;
}

function RateEstate({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation(['ratings', 'common']);
  useDocumentTitle(t('rateEstate.title'));
  const shown = useReaderScript();
  const { data, isLoading, error, refetch } = useEstateForRatingQuery(vacancyId, {
    refetchOnMountOrArgChange: true,
  });
  const [rate, rating] = useRateEstateMutation();
  const errorText = useFeatureErrorText('ratings');
  const { control, register, handleSubmit, watch, formState } = useForm<RatingDraft, unknown, RatingValues>({
    // The draft allows "no grade yet" (null), which the schema refuses with the grade's error.
    resolver: codedResolver(ratingFormSchema) as unknown as Resolver<RatingDraft, unknown, RatingValues>,
    mode: 'onChange',
    defaultValues: { grade: null, comment: '' },
  });
  const comment = watch('comment') ?? '';
  const [answers, setAnswers] = useState<Answers>({});
  const [checklistError, setChecklistError] = useState<string | null>(null);
  const items = estatePromiseItems(data?.offered);
  const issueText = useIssueText('ratings');
  const gradeError = issueText(formState.errors.grade?.message, 'grade');
  const commentError = issueText(formState.errors.comment?.message, 'comment');

  const onSubmit = handleSubmit(async (values) => {
    if (!data) return;
    const promises = completeAnswers<EstatePromises>(items, answers);
    if (!promises) return setChecklistError(t('promises.required'));
    await rate({ estateId: data.estateId, body: { ...values, vacancyId, promises } });
  });

  return (
    <section className="page narrow">
      <h1>{t('rateEstate.title')}</h1>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="ratings:rateEstate.loadError"
        describe={errorText}
        isEmpty={false}
        empty={null}
      >
        {data && (
          <>
            <p className="lead">
              {t('rateEstate.lead', { estate: shown(data.estateName), title: shown(data.vacancyTitle) })}
            </p>
            {rating.isSuccess || data.rated ? (
              <div className="alert success" role="status" data-testid="rate-estate-done">
                <p>{t('rateEstate.done', { estate: shown(data.estateName) })}</p>
                {data.rating && (
                  <p>
                    <Stars value={data.rating.grade} /> {t('gradeOf', { grade: data.rating.grade })}
                  </p>
                )}
                <Link className="button primary" to={paths.worker.myMobas}>
                  {t('backToMyMobas')}
                </Link>
              </div>
            ) : (
              <form
                className="form"
                onSubmit={(e) => void onSubmit(e)}
                noValidate
                aria-label={t('rateEstate.title')}
              >
                <Controller
                  control={control}
                  name="grade"
                  render={({ field }) => (
                    <GradeInput
                      name={field.name}
                      legend={t('grade')}
                      value={field.value}
                      onChange={field.onChange}
                      error={gradeError}
                    />
                  )}
                />
                <PromiseChecklist
                  name="estate-promises"
                  legend={t('promises.estateLegend')}
                  items={items}
                  value={answers}
                  onChange={(next) => {
                    setAnswers(next);
                    setChecklistError(null);
                  }}
                  error={checklistError}
                />
                <Labelled
                  label={<OptionalLabel>{t('comment')}</OptionalLabel>}
                  hint={t('commentCount', { count: comment.length, max: RATING_COMMENT_MAX })}
                  error={commentError}
                >
                  {(aria) => <textarea {...aria} rows={4} {...register('comment')} />}
                </Labelled>
                {rating.error && (
                  <p className="alert error" role="alert" data-testid="rate-error">
                    {t('rateEstate.error')} {reasonOf(errorText(rating.error), t('rateEstate.error'))}
                  </p>
                )}
                <button type="submit" className="primary block" disabled={rating.isLoading}>
                  {t('send')}
                </button>
              </form>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
