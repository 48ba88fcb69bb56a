import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isUuidV4, paths } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { Spinner } from '../../../components/Spinner';
import { Icon } from '../../../components/Icon';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatDate } from '../../../lib/format';
import { placeName } from '../../../lib/reference';
import { useVacancyMatchesQuery } from '../api';
import { AdminError } from '../components/AdminError';
import '../admin.css';

/**
 * /admin/mobas/{vacancyId}/workers: matching help for a moba with free places. Workers who marked
 * the moba's months available and have not applied, the nearest first, each with a call link.
 */
export default function VacancyMatchesPage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <Matches vacancyId={vacancyId} />;
}

function Matches({ vacancyId }: { vacancyId: string }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  useDocumentTitle(t('matches.title'));
  const { data, error, isLoading, refetch } = useVacancyMatchesQuery(vacancyId, {
    refetchOnMountOrArgChange: true,
  });
  const lng = i18n.language;
  return (
    <section className="page admin">
      <p>
        <Link to={paths.admin.tickets}>← {t('matches.back')}</Link>
      </p>
      <h1>{t('matches.title')}</h1>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <AdminError action="load" error={error} onRetry={() => void refetch()} />
      ) : data ? (
        <>
          <div className="admin-card" data-testid="matches-vacancy">
            <h2 className="h3">{data.vacancy.title}</h2>
            <p>
              {data.vacancy.estateName} · <Icon name="place" size={16} className="inline" />{' '}
              {placeName(data.vacancy.municipality, lng)} ·{' '}
              <Icon name="calendar" size={16} className="inline" /> {formatDate(data.vacancy.startDate, lng)}{' '}
              – {formatDate(data.vacancy.endDate, lng)} ·{' '}
              {t('fields.freeOf', { free: data.vacancy.freePositions, total: data.vacancy.totalPositions })}
            </p>
            <p className="small muted">
              {t('matches.months', { months: data.months.map((m) => t(`months.${m}`)).join(', ') })}
            </p>
          </div>
          {data.workers.length === 0 ? (
            <p className="empty">{t('matches.empty')}</p>
          ) : (
            <ul className="plain admin-list">
              {data.workers.map((w) => (
                <li key={w.workerId} className="admin-card" data-testid="worker-match">
                  <div className="admin-card-head">
                    <h3>{w.fullName}</h3>
                    <span className={`pill proximity-${w.proximity}`}>
                      {t(`matches.proximity.${w.proximity}`)}
                      {w.distanceKm !== null && ` · ${t('matches.km', { km: Math.round(w.distanceKm) })}`}
                    </span>
                  </div>
                  <dl className="facts">
                    <div>
                      <dt>{t('fields.phone')}</dt>
                      <dd>
                        <a href={`tel:${w.phone}`}>{w.phone}</a>
                      </dd>
                    </div>
                    <div>
                      <dt>{t('fields.municipality')}</dt>
                      <dd>
                        {w.municipality ? placeName(w.municipality, lng) : '—'}
                        {w.district && <span className="muted"> ({w.district})</span>}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('fields.availability')}</dt>
                      <dd>{w.availabilityMonths.map((m) => t(`months.${m}`)).join(', ')}</dd>
                    </div>
                    <div>
                      <dt>{t('fields.groupLeader')}</dt>
                      <dd>{w.groupLeader ? t('users.leaderOf', { count: w.groupSize }) : t('no')}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
