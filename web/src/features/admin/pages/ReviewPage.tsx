import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  REVIEW_NOTE_MAX,
  reviewDecisionSchema,
  type ReportSignal,
  type ReviewDecisionInput,
  type ReviewQueueItem,
} from '@moba/contracts';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { ReviewReasonText } from '../../../components/ListingReviewNote';
import { formatDate } from '../../../lib/format';
import { FormAlert, useIssueText } from '../../../components/Field';
import { useApiErrorText } from '../../../lib/use-api-error';
import { codedResolver } from '../../../lib/validation';
import { Labelled } from '../../../components/Labelled';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { useDecideReviewMutation, useReviewQueueQuery } from '../review-api';
import { AdminError } from '../components/AdminError';
import '../../../components/mobas.css';
import '../admin.css';

/** A report's weight and what it comes from, so the admin sees why the moba is (not) hidden. */
function ReportWeight({ weight, signals }: { weight: number; signals: readonly ReportSignal[] }) {
  const { t } = useTranslation('trust');
  const why = signals.length
    ? signals.map((s) => t(`review.signal.${s}`)).join(', ')
    : t('review.signal.none');
  return <>{` · ${t('review.reportWeight', { weight })} (${why})`}</>;
}

function ReviewCard({ item }: { item: ReviewQueueItem }) {
  const { t, i18n } = useTranslation(['trust', 'errors']);
  const issueText = useIssueText('trust');
  const errorText = useApiErrorText();
  const { register, handleSubmit, setValue, formState } = useForm({
    resolver: codedResolver(reviewDecisionSchema),
    defaultValues: { decision: 'approve' as ReviewDecisionInput['decision'], note: '' },
  });
  const [decide, { isLoading, error }] = useDecideReviewMutation();
  const send = (decision: ReviewDecisionInput['decision']) => {
    setValue('decision', decision);
    void handleSubmit((body) => decide({ vacancyId: item.id, ...body }))();
  };
  return (
    <li className="admin-card" data-testid="review-item">
      <div className="admin-card-head">
        <h3>{item.title}</h3>
        <span className="pill pill-danger">{t(`review.state.${item.review.state}`)}</span>
      </div>
      <p className="muted">{item.estateName}</p>
      <ul>
        {item.review.reasons.map((reason, i) => (
          <li key={i}>
            <ReviewReasonText reason={reason} />
          </li>
        ))}
      </ul>
      {item.review.state === 'reported' && item.weightToHide !== undefined && (
        <p className="small" data-testid="report-weight">
          {t('review.weight', { weight: item.review.weight ?? 0, toHide: item.weightToHide })}
        </p>
      )}
      {item.reportList.length > 0 && (
        <ul className="plain" data-testid="report-list">
          {item.reportList.map((r, i) => (
            <li key={i} className={r.counted === false ? 'small muted' : 'small'}>
              <strong>{t(`report.reasons.${r.reason}`)}</strong> · {formatDate(r.reportedAt, i18n.language)}
              {r.weight !== undefined && <ReportWeight weight={r.weight} signals={r.signals ?? []} />}
              {r.counted === false && ` · ${t('review.settled')}`}
              {r.text ? ` — ${r.text}` : ''}
            </li>
          ))}
        </ul>
      )}
      <VacancyFacts vacancy={item} compact />
      <p className="description">{item.description}</p>
      <Labelled label={t('review.noteForEstate')} error={issueText(formState.errors.note?.message, 'note')}>
        {(c) => <textarea {...c} rows={2} maxLength={REVIEW_NOTE_MAX} {...register('note')} />}
      </Labelled>
      <FormAlert>{errorText(error, 'trust:review.error')}</FormAlert>
      <div className="form-actions">
        <button
          type="button"
          className="danger"
          disabled={isLoading}
          onClick={() => send('reject')}
          data-testid="review-reject"
        >
          {t('review.reject')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={isLoading}
          onClick={() => send('approve')}
          data-testid="review-approve"
        >
          {t(item.review.state === 'held' ? 'review.approve' : 'review.keep')}
        </button>
      </div>
    </li>
  );
}

/** /admin/review: mobas held for review (wage below the legal minimum, out of season) and reported ones. */
export default function ReviewPage() {
  const { t } = useTranslation(['trust', 'admin']);
  useDocumentTitle(t('review.title'));
  const { data, error, isLoading, refetch } = useReviewQueueQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <section className="page admin">
      <h1>{t('review.title')}</h1>
      <p className="muted">{t('review.intro')}</p>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <AdminError action="load" error={error} onRetry={() => void refetch()} />
      ) : data?.length ? (
        <ul className="plain admin-list">
          {data.map((item) => (
            <ReviewCard key={item.id} item={item} />
          ))}
        </ul>
      ) : (
        <p className="empty">{t('review.empty')}</p>
      )}
    </section>
  );
}
