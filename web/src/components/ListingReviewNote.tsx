import { useTranslation } from 'react-i18next';
import type { ListingReview, ReviewReason } from '@moba/contracts';
import { formatRsd } from '../lib/format';

/** One reason a moba waits, in the reader's words (the wage with its minimum and legal source). */
export function ReviewReasonText({ reason }: { reason: ReviewReason }) {
  const { t, i18n } = useTranslation('trust');
  if (reason.code === 'below_minimum_wage')
    return (
      <>
        {t('review.reason.below_minimum_wage', {
          wage: formatRsd(reason.dailyWage, i18n.language),
          minimum: formatRsd(reason.minimum, i18n.language),
          hourly: formatRsd(reason.netRsdPerHour, i18n.language),
        })}{' '}
        <span className="muted small">({reason.source})</span>
      </>
    );
  if (reason.code === 'out_of_season')
    return (
      <>{t('review.reason.out_of_season', { crop: reason.crop, months: reason.harvestMonths.join(', ') })}</>
    );
  return <>{t('review.reason.reported', { count: reason.reports })}</>;
}

/** The estate is told why its moba waits for an admin, and what the admin decided. */
export function ListingReviewNote({ review }: { review: ListingReview }) {
  const { t } = useTranslation('trust');
  const waiting = review.state === 'held' || (review.state === 'reported' && review.hidden);
  if (review.state === 'reported' && !review.hidden) return null;
  return (
    <div
      className={`alert ${review.state === 'rejected' ? 'error' : waiting ? 'warning' : 'success'}`}
      data-testid="listing-review"
    >
      {/* A held moba's status already says it waits for an admin: the note only says why. */}
      {review.state !== 'held' && (
        <p>
          <strong>{t(`review.state.${review.state}`)}</strong>
        </p>
      )}
      {waiting && (
        <ul>
          {review.reasons.map((reason, i) => (
            <li key={i}>
              <ReviewReasonText reason={reason} />
            </li>
          ))}
        </ul>
      )}
      {review.note && (
        <p>
          {t('review.note')}: {review.note}
        </p>
      )}
    </div>
  );
}
