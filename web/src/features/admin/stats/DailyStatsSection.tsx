import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dailyStatsQuerySchema } from '@moba/contracts';
import { Field } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { codedResolver } from '../../../lib/validation';
import { useDailyStatsQuery } from '../api';
import { AdminError } from '../components/AdminError';
import { SeriesChart } from './SeriesChart';
import { dailyStatsCsv, downloadText } from './daily-csv';

const hours = (minutes: number | null) => (minutes === null ? null : Math.round((minutes / 60) * 10) / 10);

interface DailyRange {
  from?: string;
  to?: string;
}
/** An empty date means "the service's default" and is not sent. */
const filledOnly = ({ from, to }: DailyRange): DailyRange => ({
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
});

/** The season per day: applications and acceptances, waiting time p50/p90, as charts and as CSV. */
export function DailyStatsSection() {
  const { t } = useTranslation(['admin', 'common']);
  const [range, setRange] = useState<DailyRange>({});
  const { register, handleSubmit, formState } = useForm({
    resolver: codedResolver(dailyStatsQuerySchema, filledOnly),
    defaultValues: { from: '', to: '' },
  });
  const { data, error, isLoading, refetch } = useDailyStatsQuery(range, { refetchOnMountOrArgChange: true });
  const apply = handleSubmit((values) => setRange(filledOnly(values)));

  const days = data?.days.map((d) => d.date) ?? [];
  return (
    <section className="daily-stats" aria-labelledby="daily-title">
      <h2 id="daily-title">{t('daily.title')}</h2>
      <form className="daily-range" onSubmit={(e) => void apply(e)} noValidate>
        <Field
          type="date"
          label={t('daily.from')}
          error={formState.errors.from?.message}
          {...register('from')}
        />
        <Field type="date" label={t('daily.to')} error={formState.errors.to?.message} {...register('to')} />
        <div className="form-actions">
          <button type="submit" className="secondary">
            {t('daily.show')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={!data}
            data-testid="daily-csv"
            onClick={() => data && downloadText(`moba-${data.from}-${data.to}.csv`, dailyStatsCsv(data.days))}
          >
            {t('daily.csv')}
          </button>
        </div>
      </form>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <AdminError action="stats" error={error} onRetry={() => void refetch()} />
      ) : data ? (
        <>
          <SeriesChart
            testId="chart-applications"
            title={t('daily.applicationsChart')}
            kind="bars"
            counts
            days={days}
            series={[
              {
                id: 'applications',
                label: t('daily.applications'),
                values: data.days.map((d) => d.applications),
              },
              { id: 'accepted', label: t('daily.accepted'), values: data.days.map((d) => d.accepted) },
            ]}
          />
          <SeriesChart
            testId="chart-waiting"
            title={t('daily.waitingChart')}
            kind="lines"
            days={days}
            series={[
              { id: 'p50', label: t('daily.p50'), values: data.days.map((d) => hours(d.waitP50Minutes)) },
              { id: 'p90', label: t('daily.p90'), values: data.days.map((d) => hours(d.waitP90Minutes)) },
            ]}
          />
          <details>
            <summary>{t('daily.table')}</summary>
            <div className="table-scroll">
              <table className="queue-table" data-testid="daily-table">
                <thead>
                  <tr>
                    <th scope="col">{t('daily.date')}</th>
                    <th scope="col">{t('daily.applications')}</th>
                    <th scope="col">{t('daily.accepted')}</th>
                    <th scope="col">{t('daily.p50')}</th>
                    <th scope="col">{t('daily.p90')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.date}>
                      <th scope="row">{d.date}</th>
                      <td>{d.applications}</td>
                      <td>{d.accepted}</td>
                      <td>{hours(d.waitP50Minutes) ?? '—'}</td>
                      <td>{hours(d.waitP90Minutes) ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : null}
    </section>
  );
}
