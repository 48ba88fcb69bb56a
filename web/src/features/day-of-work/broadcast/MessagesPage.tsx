import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { calendarDay } from '@moba/contracts';
import { paths, isUuidV4 } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { QueryState } from '../../../components/States';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useReaderScript } from '../../../lib/reader-script';
import { useBroadcastMobasQuery, useBroadcastReportQuery } from './api';
import { BroadcastComposer } from './BroadcastComposer';
import { BroadcastList } from './BroadcastList';
import { currentWorkDays } from './work-days';
import './broadcast.css';

/** Quick while a message just sent is on its way to the report, then slower while states change. */
const JUST_SENT_POLL_MS = 2_000;
const POLL_MS = 15_000;

/**
 * /estate/my-mobas/{vacancyId}/messages: the estate writes to everyone accepted on its moba and
 * sees, for each message sent, who got it, read it, or got it by SMS.
 */
export default function MessagesPage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <MessagesOf vacancyId={vacancyId} />;
}

function MessagesOf({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const errorText = useFeatureErrorText('day-of-work');
  const [awaited, setAwaited] = useState<string | null>(null);
  const mobas = useBroadcastMobasQuery();
  const report = useBroadcastReportQuery(vacancyId, {
    refetchOnMountOrArgChange: true,
    pollingInterval: awaited ? JUST_SENT_POLL_MS : POLL_MS,
  });
  const broadcasts = report.data?.broadcasts ?? [];
  const arrived = awaited !== null && broadcasts.some((b) => b.id === awaited);
  useEffect(() => {
    if (arrived) setAwaited(null);
  }, [arrived]);
  const moba = mobas.data?.find((v) => v.id === vacancyId);
  useDocumentTitle(moba ? `${t('broadcast.title')}: ${shown(moba.title)}` : t('broadcast.title'));
  if (mobas.data && !moba) return <UnknownRoute />;

  return (
    <section className="page broadcast-page">
      <p>
        <Link className="broadcast-back" to={paths.estate.myMobas}>
          {t('broadcast.back')}
        </Link>
      </p>
      <h1>
        {t('broadcast.title')}
        {moba && `: ${shown(moba.title)}`}
      </h1>
      <QueryState
        isLoading={mobas.isLoading || report.isLoading}
        error={mobas.error ?? report.error}
        onRetry={() => {
          void mobas.refetch();
          void report.refetch();
        }}
        errorKey="day-of-work:broadcast.loadError"
        describe={errorText}
        isEmpty={false}
        empty={null}
      >
        {moba && (
          <>
            <BroadcastComposer
              moba={{
                id: moba.id,
                title: moba.title,
                estateName: moba.estateName,
                workDays: currentWorkDays(moba, broadcasts),
                today: calendarDay(new Date()),
              }}
              onSent={setAwaited}
            />
            <h2>{t('broadcast.list.heading')}</h2>
            <BroadcastList broadcasts={broadcasts} moba={moba} />
          </>
        )}
      </QueryState>
    </section>
  );
}
