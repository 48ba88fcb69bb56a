import { useTranslation } from 'react-i18next';
import { useReaderScript } from '../../../lib/reader-script';
import { intlLocale } from '../../../lib/format';
import { formatRelative } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { QueryState } from '../../../components/States';
import { useMyRatingsQuery } from '../api';
import { Stars } from '../components/GradeInput';
import { PromiseFigureLine } from '../../../components/TrustFigures';
import { useSession } from '../../../app/session';
import '../../../components/mobas.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** /worker/ratings and /estate/ratings: ratings received, the average and the count. */
export default function RatingsPage() {
  const { t, i18n } = useTranslation(['ratings', 'common']);
  useDocumentTitle(t('received.title'));
  const shown = useReaderScript();
  const { data, isLoading, error, refetch } = useMyRatingsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const now = useNow();
  const { role } = useSession();
  const average = data?.average ?? null;
  return (
    <section className="page narrow">
      <h1>{t('received.title')}</h1>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="ratings:received.error"
        isEmpty={!!data && data.count === 0}
        empty={<p>{t('received.empty')}</p>}
      >
        {data && (
          <>
            <div className="card" data-testid="rating-summary">
              <p className="summary-big">
                <Stars value={average ?? 0} />{' '}
                {average !== null
                  ? average.toLocaleString(intlLocale(i18n.language), {
                      maximumFractionDigits: 1,
                    })
                  : '–'}
              </p>
              <p>{t('received.count', { count: data.count })}</p>
              <PromiseFigureLine figure={data.promises} role={role === 'Estate' ? 'Estate' : 'Worker'} />
            </div>
            <ul className="plain cards" style={{ gridTemplateColumns: '1fr' }}>
              {data.ratings.map((r) => (
                <li key={r.ratingId} className="vacancy-card" data-testid="received-rating">
                  <p>
                    <Stars value={r.grade} /> <strong>{t('gradeOf', { grade: r.grade })}</strong>
                  </p>
                  <p>{t('received.from', { name: shown(r.raterName), title: shown(r.vacancyTitle) })}</p>
                  {r.attendance && (
                    <p data-testid="rating-came">
                      {t('attendanceCame', { came: r.attendance.came, count: r.attendance.heads })}
                    </p>
                  )}
                  {r.comment && <p className="description">“{shown(r.comment)}”</p>}
                  <p className="muted small">{formatRelative(t, r.createdAt, now)}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}
