import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_NOTE_MAX, type ReviewQueueItem } from '@moba/contracts';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { ReviewReasonText } from '../../../components/ListingReviewNote';
import { formatDate } from '../../../lib/format';
import { apiErrorInfo } from '../../../lib/api';
import { VacancyFacts } from '../../mobas/components/VacancyFacts';
import { useDecideReviewMutation, useReviewQueueQuery } from '../review-api';
import { AdminError } from '../components/AdminError';
import '../../mobas/mobas.css';
import '../admin.css';

function ReviewCard({ item }: { item: ReviewQueueItem }) {
  const { t, i18n } = useTranslation(['trust', 'errors']);
  const noteId = useId();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [decide, { isLoading, error }] = useDecideReviewMutation();
  const missing = note.trim().length === 0;
  const send = (decision: 'approve' | 'reject') => {
    setTouched(true);
    if (!missing) void decide({ vacancyId: item.id, decision, note: note.trim() });
  };
  const code = error ? apiErrorInfo(error).code : null;
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
      {item.reportList.length > 0 && (
        <ul className="plain" data-testid="report-list">
          {item.reportList.map((r, i) => (
            <li key={i} className="small">
              <strong>{t(`report.reasons.${r.reason}`)}</strong> · {formatDate(r.reportedAt, i18n.language)}
              {r.text ? ` — ${r.text}` : ''}
            </li>
          ))}
        </ul>
      )}
      <VacancyFacts vacancy={item} compact />
      <p className="description">{item.description}</p>
      <div className={`field${touched && missing ? ' has-error' : ''}`}>
        <label htmlFor={noteId}>{t('review.noteForEstate')}</label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={REVIEW_NOTE_MAX}
          value={note}
          aria-invalid={touched && missing ? true : undefined}
          onChange={(e) => setNote(e.target.value)}
        />
        {touched && missing && (
          <p className="error" role="alert">
            {t('review.noteRequired')}
          </p>
        )}
      </div>
      {error && (
        <p className="alert error" role="alert">
          {code ? t(`errors:${code}`) : t('review.error')}
        </p>
      )}
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
