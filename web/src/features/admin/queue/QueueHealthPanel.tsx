import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { QueueHealth } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { formatDate } from '../../../lib/format';

/** Minutes as a text key and its numbers: "2 d 3 h", "3 h 20 min" or "12 min". */
export function waitingParts(minutes: number): { key: string; params: Record<string, number> } {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return { key: 'queue.daysHours', params: { days, hours } };
  if (hours > 0) return { key: 'queue.hoursMinutes', params: { hours, minutes: mins } };
  return { key: 'queue.minutes', params: { minutes: mins } };
}

/** How the queue stands: how many wait, the oldest wait, and per moba free places against waiting ones. */
export function QueueHealthPanel({ health }: { health: QueueHealth }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <section className="queue-health" aria-labelledby="queue-health-title" data-testid="queue-health">
      <h2 id="queue-health-title" className="h3">
        {t('queue.health')}
      </h2>
      <dl className="queue-figures">
        <div>
          <dt>{t('queue.waiting')}</dt>
          <dd data-testid="queue-waiting">{health.waiting}</dd>
        </div>
        <div>
          <dt>{t('queue.oldest')}</dt>
          <dd data-testid="queue-oldest">
            {health.oldestWaitingMinutes === null
              ? '—'
              : (({ key, params }) => t(key, params))(waitingParts(health.oldestWaitingMinutes))}
          </dd>
        </div>
        <div className={health.urgentVacancies > 0 ? 'urgent' : undefined}>
          <dt>{t('queue.urgent')}</dt>
          <dd data-testid="queue-urgent">{health.urgentVacancies}</dd>
        </div>
      </dl>
      {health.vacancies.length > 0 && (
        <div className="table-scroll">
          <table className="queue-table">
            <thead>
              <tr>
                <th scope="col">{t('queue.moba')}</th>
                <th scope="col">{t('queue.starts')}</th>
                <th scope="col">{t('queue.free')}</th>
                <th scope="col">{t('queue.waitingPlaces')}</th>
                <th scope="col">
                  <span className="sr-only">{t('queue.findWorkers')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {health.vacancies.map((v) => (
                <tr key={v.id} className={v.urgent ? 'urgent' : undefined} data-testid="queue-vacancy">
                  <th scope="row">
                    {v.title}
                    <span className="block small muted">
                      {v.estateName} · {v.municipality}
                    </span>
                    {v.urgent && <span className="pill urgent-pill">{t('queue.startsSoon')}</span>}
                  </th>
                  <td>{formatDate(v.startDate, i18n.language)}</td>
                  <td>
                    {v.freePositions} / {v.totalPositions}
                  </td>
                  <td>
                    {t('queue.waitingOf', {
                      count: v.waiting,
                      places: t('tickets.positions', { count: v.waitingPositions }),
                    })}
                  </td>
                  <td>
                    {v.freePositions > 0 && (
                      <Link className="button secondary small" to={paths.admin.vacancyMatches(v.id)}>
                        {t('queue.findWorkers')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
