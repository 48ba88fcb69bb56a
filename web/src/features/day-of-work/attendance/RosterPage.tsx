import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DayRoster } from '@moba/contracts';
import { paths, isUuidV4 } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useReaderScript } from '../../../lib/reader-script';
import { QueryState } from '../../../components/States';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useDayRosterQuery, useMarkDayMutation } from './api';
import { RosterSheet } from './RosterSheet';
import './attendance.css';

/**
 * /estate/my-mobas/{vacancyId}/roster: every head of the moba (named people, and numbered rows for
 * the people a leader brought as a number), a came / did not come toggle per head for the work day
 * chosen on the date strip (today first), and, on paper, a row per head with a column per work day
 * to sign (issue #31, point 6).
 */
export default function RosterPage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <RosterOf vacancyId={vacancyId} />;
}

function RosterOf({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation(['crew', 'day-of-work']);
  const shown = useReaderScript();
  const errorText = useFeatureErrorText('crew');
  const { data, isLoading, error, refetch } = useDayRosterQuery(vacancyId, {
    refetchOnMountOrArgChange: true,
  });
  useDocumentTitle(data ? `${t('roster.title')}: ${shown(data.vacancy.title)}` : t('roster.title'));
  return (
    <section className="page roster-page">
      <p className="no-print">
        <Link to={paths.estate.myMobas}>{t('roster.back')}</Link>
      </p>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="crew:roster.loadError"
        describe={errorText}
        isEmpty={false}
        empty={null}
      >
        {data && <MarkedRoster vacancyId={vacancyId} roster={data} />}
      </QueryState>
    </section>
  );
}

/** The sheet with its marking: each tap sends one mark of the day shown; the answer is the new roster. */
function MarkedRoster({ vacancyId, roster }: { vacancyId: string; roster: DayRoster }) {
  const errorText = useFeatureErrorText('crew');
  const [mark, { error, isLoading }] = useMarkDayMutation();
  return (
    <RosterSheet
      roster={roster}
      busy={isLoading}
      error={error ? errorText(error, 'crew:roster.markError') : null}
      onMark={(day, marks) => void mark({ vacancyId, day, marks })}
    />
  );
}
