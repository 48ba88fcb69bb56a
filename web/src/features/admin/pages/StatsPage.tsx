import { useTranslation } from 'react-i18next';
import type { AdminStats } from '@moba/contracts';
import { Spinner } from '../../../components/Spinner';
import { useAdminStatsQuery } from '../api';
import { AdminError } from '../components/AdminError';
import '../admin.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { Icon, type IconName } from '../../../components/Icon';
import { DailyStatsSection } from '../stats/DailyStatsSection';

type Figure = keyof AdminStats;

/** The eight figures of spec §3 and the accepted heads, grouped so each bar compares with its neighbours. */
export const statGroups: { id: string; icon: IconName; figures: Figure[] }[] = [
  { id: 'people', icon: 'people', figures: ['workers', 'guests', 'estates'] },
  { id: 'vacancies', icon: 'wheat', figures: ['totalVacancies', 'openVacancies'] },
  {
    id: 'applications',
    icon: 'note',
    figures: ['totalApplications', 'openApplications', 'pendingApplications'],
  },
  /** People accepted into mobas: a crew counts its leader and each accepted member (issue #20). */
  { id: 'heads', icon: 'people', figures: ['acceptedHeads'] },
];

/** Bar length in percent of the group's largest figure (a zero group draws no bars). */
export const barPercent = (value: number, max: number): number =>
  max > 0 ? Math.round((value / max) * 100) : 0;

/** /admin/stats: the figures as numbers and as horizontal bars (plain HTML and CSS, no chart library). */
export default function StatsPage() {
  const { t } = useTranslation(['admin', 'common']);
  useDocumentTitle(t('stats.title'));
  const { data, error, isLoading, isFetching, refetch } = useAdminStatsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <section className="page admin">
      <div className="admin-title-row">
        <h1>{t('stats.title')}</h1>
        <button
          type="button"
          className="secondary small"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          {t('stats.refresh')}
        </button>
      </div>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <AdminError action="stats" error={error} onRetry={() => void refetch()} />
      ) : data ? (
        <div className="stat-groups">
          {statGroups.map((group) => {
            const max = Math.max(...group.figures.map((f) => data[f]));
            return (
              <section key={group.id} className="stat-group" aria-labelledby={`stats-${group.id}`}>
                <h2 id={`stats-${group.id}`}>
                  <Icon name={group.icon} /> {t(`stats.groups.${group.id}`)}
                </h2>
                <dl className="bars">
                  {group.figures.map((figure) => (
                    <div key={figure} className="bar-row" data-testid={`stat-${figure}`}>
                      <dt>{t(`stats.figures.${figure}`)}</dt>
                      <dd>
                        <span className="bar-track" aria-hidden="true">
                          <span
                            className={`bar-fill bar-${figure}`}
                            style={{ width: `${barPercent(data[figure], max)}%` }}
                          />
                        </span>
                        <span className="bar-value" data-testid={`stat-value-${figure}`}>
                          {data[figure].toLocaleString('sr-Latn-RS')}
                        </span>
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            );
          })}
        </div>
      ) : null}
      <DailyStatsSection />
    </section>
  );
}
