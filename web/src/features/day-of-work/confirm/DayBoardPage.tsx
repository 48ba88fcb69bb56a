import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DayBoard } from '@moba/contracts';
import { isUuidV4, paths } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { QueryState } from '../../../components/States';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { intlLocale } from '../../../lib/format';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useReaderScript } from '../../../lib/reader-script';
import { useDayBoardQuery } from './api';
import './confirm.css';

/**
 * /estate/my-mobas/{vacancyId}/board: the estate's board of each work day: who confirmed, who
 * declined, who has not answered (in heads: a crew counts each of its people), flagged places.
 */
/** A work day on its tab, short and on one line: "sub 6. 12." / "Sat 6 Dec". */
const tabDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: language === 'en' ? 'short' : 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(/\s/g, '\u00a0');

export default function DayBoardPage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <BoardOf vacancyId={vacancyId} />;
}

function BoardOf({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const errorText = useFeatureErrorText('day-of-work');
  const [day, setDay] = useState<string | undefined>(undefined);
  const { data, isLoading, error, refetch } = useDayBoardQuery(
    { vacancyId, ...(day ? { day } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  useDocumentTitle(data ? `${t('confirm.board.title')}: ${shown(data.title)}` : t('confirm.board.title'));
  return (
    <section className="page day-board" data-testid="day-board">
      <p>
        <Link to={paths.estate.myMobas}>{t('confirm.board.back')}</Link>
      </p>
      <h1>{data ? `${t('confirm.board.title')}: ${shown(data.title)}` : t('confirm.board.title')}</h1>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="day-of-work:confirm.board.loadError"
        describe={errorText}
        isEmpty={false}
        empty={null}
      >
        {data && <Board board={data} onDay={setDay} />}
      </QueryState>
    </section>
  );
}

function Board({ board, onDay }: { board: DayBoard; onDay: (day: string) => void }) {
  const { t, i18n } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const totals = [
    ['confirmed', board.totals.confirmed],
    ['declined', board.totals.declined],
    ['noAnswer', board.totals.noAnswer + board.totals.notAsked],
  ] as const;
  return (
    <>
      <div className="day-tabs" role="tablist" aria-label={t('confirm.board.days')}>
        {board.workDays.map((d) => (
          <button
            key={d}
            type="button"
            role="tab"
            aria-selected={d === board.day}
            onClick={() => onDay(d)}
            data-testid={`board-day-${d}`}
          >
            {tabDay(d, i18n.language)}
          </button>
        ))}
      </div>
      <p className="muted">
        {t('confirm.board.rule', {
          askAt: board.askAt,
          deadlineAt: board.deadlineAt,
          policy: t(`confirm.board.policy.${board.unanswered}`),
        })}
      </p>
      <ul className="totals" aria-label={t('confirm.board.totals')} data-testid="board-totals">
        {totals.map(([key, heads]) => (
          <li key={key} data-testid={`total-${key}`}>
            <strong>{heads}</strong> {t(`confirm.board.total.${key}`, { count: heads })}
          </li>
        ))}
      </ul>
      {board.rows.length === 0 ? (
        <p>{t('confirm.board.empty')}</p>
      ) : (
        <ul className="rows" data-testid="board-rows">
          {board.rows.map((row) => (
            <li
              key={row.applicationId}
              className={row.flagged ? 'flagged' : undefined}
              data-state={row.state}
            >
              <span>
                {shown(row.name)} · {t('confirm.board.heads', { count: row.headsAccepted })}
              </span>
              <span className="status-chip">
                {row.state === 'Confirmed' && row.headsConfirmed < row.headsAccepted
                  ? t('confirm.board.state.ConfirmedFewer', { count: row.headsConfirmed })
                  : t(`confirm.board.state.${row.state}`)}
                {row.channel === 'sms' ? ` · ${t('confirm.board.bySms')}` : ''}
              </span>
              {row.flagged && <strong>{t('confirm.board.flagged')}</strong>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
