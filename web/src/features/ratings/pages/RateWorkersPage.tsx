import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useReaderScript } from '../../../lib/reader-script';
import { RATING_COMMENT_MAX, ratingCommentSchema } from '@moba/contracts';
import { isUuidV4, paths } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { Labelled, OptionalLabel } from '../../../components/Labelled';
import { QueryState } from '../../../components/States';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { bulkErrorsByWorker } from '../bulk-errors';
import { reasonOf } from '../reason-of';
import { useRateWorkerMutation, useRateWorkersMutation, useWorkersForRatingQuery } from '../api';
import { GradeInput, Stars } from '../components/GradeInput';
import '../../../components/mobas.css';
import '../ratings.css';
import { PromiseChecklist } from '../components/PromiseChecklist';
import { itemsOf, newDraft, promisesOf, type Draft, type WorkerToRate } from '../worker-checklist';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** /estate/past-mobas/:vacancyId/rate-workers — one by one, or all unrated at once (spec §4). */
export default function RateWorkersPage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <RateWorkers vacancyId={vacancyId} />;
}

function RateWorkers({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation(['ratings', 'common']);
  useDocumentTitle(t('rateWorkers.title'));
  const { data, isLoading, error, refetch } = useWorkersForRatingQuery(vacancyId, {
    refetchOnMountOrArgChange: true,
  });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [itemErrors, setItemErrors] = useState<Record<string, string>>({});
  const [rateAll, bulk] = useRateWorkersMutation();
  const errorText = useFeatureErrorText('ratings');
  const draftOf = (id: string): Draft =>
    drafts[id] ?? newDraft(data?.workers.find((worker) => worker.workerId === id));
  const update = (id: string, patch: Partial<Draft>) => {
    setDrafts((d) => ({ ...d, [id]: { ...draftOf(id), ...patch } }));
    setItemErrors(({ [id]: _dropped, ...rest }) => rest);
  };
  const unrated = data?.workers.filter((w) => !w.rated) ?? [];

  const onRateAll = async () => {
    const problems: Record<string, string> = {};
    for (const w of unrated) {
      const d = draftOf(w.workerId);
      if (d.grade === null) problems[w.workerId] = t('issues.grade.required');
      else if (!promisesOf(d)) problems[w.workerId] = t('promises.required');
      else if (!ratingCommentSchema.safeParse(d.comment).success)
        problems[w.workerId] = t('issues.comment.too_long', { limit: RATING_COMMENT_MAX });
    }
    setItemErrors(problems);
    if (Object.keys(problems).length > 0 || unrated.length === 0) return;
    const sent = unrated.map((w) => w.workerId);
    const result = await rateAll({
      vacancyId,
      ratings: unrated.map((w) => ({
        workerId: w.workerId,
        grade: draftOf(w.workerId).grade!,
        comment: draftOf(w.workerId).comment,
        promises: promisesOf(draftOf(w.workerId))!,
      })),
    });
    if ('error' in result) {
      const byWorker = bulkErrorsByWorker(result.error, sent);
      setItemErrors(
        Object.fromEntries(
          Object.entries(byWorker).map(([id, code]) => [
            id,
            t(`codes.${code}`, { defaultValue: t('rateWorkers.itemError') }),
          ]),
        ),
      );
    }
  };

  return (
    <section className="page narrow">
      <h1>{t('rateWorkers.title')}</h1>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="ratings:rateWorkers.loadError"
        describe={errorText}
        isEmpty={!!data && data.workers.length === 0}
        empty={<p>{t('rateWorkers.empty')}</p>}
      >
        {data && (
          <>
            <p className="lead">{t('rateWorkers.lead', { title: data.vacancyTitle })}</p>
            <p data-testid="unrated-count">{t('rateWorkers.unrated', { count: unrated.length })}</p>
            <ul className="plain cards" style={{ gridTemplateColumns: '1fr' }}>
              {data.workers.map((w) => (
                <li key={w.workerId}>
                  <WorkerItem
                    worker={w}
                    vacancyId={vacancyId}
                    draft={draftOf(w.workerId)}
                    onChange={(p) => update(w.workerId, p)}
                    error={itemErrors[w.workerId] ?? null}
                  />
                </li>
              ))}
            </ul>
            {bulk.error && (
              <p className="alert error" role="alert" data-testid="bulk-error">
                {t('rateWorkers.error')}{' '}
                {Object.keys(itemErrors).length === 0
                  ? errorText(bulk.error, 'ratings:rateWorkers.error')
                  : ''}
              </p>
            )}
            {unrated.length > 0 ? (
              <button
                type="button"
                className="primary block"
                disabled={bulk.isLoading}
                onClick={() => void onRateAll()}
                data-testid="rate-all"
              >
                {t('rateWorkers.rateAll', { count: unrated.length })}
              </button>
            ) : (
              <div className="alert success" role="status" data-testid="all-rated">
                <p>{t('rateWorkers.allDone')}</p>
                <Link className="button primary" to={paths.estate.pastMobas}>
                  {t('rateWorkers.back')}
                </Link>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function WorkerItem({
  worker,
  vacancyId,
  draft,
  onChange,
  error,
}: {
  worker: WorkerToRate;
  vacancyId: string;
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
  error: string | null;
}) {
  const { t } = useTranslation(['ratings', 'common', 'day-of-work']);
  const name = useReaderScript()(worker.fullName);
  const [rateOne, single] = useRateWorkerMutation();
  const errorText = useFeatureErrorText('ratings');
  const [ownError, setOwnError] = useState<string | null>(null);
  const commentError = ratingCommentSchema.safeParse(draft.comment).success
    ? null
    : t('issues.comment.too_long', { limit: RATING_COMMENT_MAX });

  const onRate = async () => {
    if (draft.grade === null) return setOwnError(t('issues.grade.required'));
    const promises = promisesOf(draft);
    if (!promises) return setOwnError(t('promises.required'));
    if (commentError) return;
    setOwnError(null);
    await rateOne({
      workerId: worker.workerId,
      body: { grade: draft.grade, comment: draft.comment, vacancyId, promises },
    });
  };

  return (
    <article className="vacancy-card" data-testid="worker-to-rate" aria-label={name}>
      <h2>{name}</h2>
      {worker.attendance && (
        <p data-testid="worker-came">
          {t('attendanceCame', { came: worker.attendance.came, count: worker.attendance.heads })}
        </p>
      )}
      {worker.rated ? (
        <p data-testid="worker-rated">
          {worker.rating ? (
            <>
              <Stars value={worker.rating.grade} /> {t('gradeOf', { grade: worker.rating.grade })}
            </>
          ) : (
            t('rateWorkers.rated')
          )}
        </p>
      ) : (
        <>
          <GradeInput
            name={`grade-${worker.workerId}`}
            legend={t('gradeFor', { name })}
            value={draft.grade}
            onChange={(grade) => onChange({ grade })}
            error={ownError ?? error}
          />
          <PromiseChecklist
            name={`promises-${worker.workerId}`}
            legend={t('promises.workerLegend', { name })}
            items={itemsOf(draft.answers)}
            value={draft.answers}
            onChange={(answers) => onChange({ answers })}
          />
          {/* Not direct children of the card: its one-line muted style would cut these short. */}
          <div>
            {worker.attended && (
              <p className="muted" data-testid="prefilled-from-attendance">
                {t('day-of-work:attendance.fromAttendance')}
              </p>
            )}
            {draft.answers.came === false && (
              <p className="muted" data-testid="stayed-not-asked">
                {t('day-of-work:attendance.didNotComeNoStay')}
              </p>
            )}
          </div>
          <Labelled
            label={<OptionalLabel>{t('comment')}</OptionalLabel>}
            hint={t('commentCount', { count: draft.comment.length, max: RATING_COMMENT_MAX })}
            error={commentError}
          >
            {(control) => (
              <textarea
                {...control}
                rows={2}
                value={draft.comment}
                onChange={(e) => onChange({ comment: e.target.value })}
              />
            )}
          </Labelled>
          {single.error && (
            <p className="error" role="alert">
              {t('rateWorkers.itemError')} {reasonOf(errorText(single.error), t('rateWorkers.itemError'))}
            </p>
          )}
          <button type="button" disabled={single.isLoading} onClick={() => void onRate()}>
            {t('rateWorkers.rateOne')}
          </button>
        </>
      )}
    </article>
  );
}
