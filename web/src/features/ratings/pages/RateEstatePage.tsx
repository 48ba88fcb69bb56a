import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RATING_COMMENT_MAX, ratingCommentSchema } from '@moba/contracts';
import { isUuidV4, paths } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { Labelled } from '../../mobas/components/Labelled';
import { QueryState } from '../../mobas/components/States';
import { useFeatureErrorText } from '../../mobas/error-text';
import { useEstateForRatingQuery, useRateEstateMutation } from '../api';
import { GradeInput, Stars } from '../components/GradeInput';
import '../../mobas/mobas.css';
import { reasonOf } from '../reason-of';

/** /worker/my-mobas/:vacancyId/rate-estate — the id must be a UUID v4 (spec §2), grade 1–5, comment ≤ 300. */
export default function RateEstatePage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <RateEstate vacancyId={vacancyId} />;
}

function RateEstate({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation(['ratings', 'common']);
  const { data, isLoading, error, refetch } = useEstateForRatingQuery(vacancyId, {
    refetchOnMountOrArgChange: true,
  });
  const [rate, rating] = useRateEstateMutation();
  const errorText = useFeatureErrorText('ratings');
  const [grade, setGrade] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const gradeError = tried && grade === null ? t('gradeRequired') : null;
  const commentError = ratingCommentSchema.safeParse(comment).success
    ? null
    : t('commentTooLong', { max: RATING_COMMENT_MAX });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (grade === null || commentError || !data) return;
    await rate({ estateId: data.estateId, body: { grade, comment, vacancyId } });
  };

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
              {t('rateEstate.lead', { estate: data.estateName, title: data.vacancyTitle })}
            </p>
            {rating.isSuccess || data.rated ? (
              <div className="alert success" role="status" data-testid="rate-estate-done">
                <p>{t('rateEstate.done', { estate: data.estateName })}</p>
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
                <GradeInput
                  name="grade"
                  legend={t('grade')}
                  value={grade}
                  onChange={setGrade}
                  error={gradeError}
                />
                <Labelled
                  label={
                    <>
                      {t('comment')} <span className="muted">{t('common:optional')}</span>
                    </>
                  }
                  hint={t('commentCount', { count: comment.length, max: RATING_COMMENT_MAX })}
                  error={commentError}
                >
                  {(control) => (
                    <textarea
                      {...control}
                      value={comment}
                      rows={4}
                      onChange={(e) => setComment(e.target.value)}
                    />
                  )}
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
