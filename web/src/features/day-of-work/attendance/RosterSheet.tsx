import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attendance, AttendanceDay, AttendanceMark, DayRoster, RosterHead } from '@moba/contracts';
import { formatDate, intlLocale } from '../../../lib/format';
import { useReaderScript } from '../../../lib/reader-script';
import { placeName } from '../../../lib/reference';
import { genderContext, markKey, paperMark, shortDay } from './labels';

/** How a head is named: by name, or "Person 3 (crew: Dragan …)" for a crew's unnamed people. */
function useHeadName() {
  const { t } = useTranslation('day-of-work');
  const shown = useReaderScript();
  return (head: RosterHead) =>
    head.role === 'Unnamed'
      ? t('attendance.unnamedPerson', { number: head.number, leader: shown(head.leaderName ?? '') })
      : shown(head.name);
}

/**
 * The roster of every head: the date strip (the latest day that has come first), the show-up figure
 * of the day in heads, a row per head with its two toggles for that day, and the paper version.
 */
export function RosterSheet({
  roster,
  busy,
  error,
  onMark,
}: {
  roster: DayRoster;
  busy: boolean;
  error: string | null;
  /** Marks of one day: one head's tap, or every head not marked yet as came. */
  onMark: (day: string, marks: AttendanceMark[]) => void;
}) {
  const { t, i18n } = useTranslation(['crew', 'day-of-work']);
  const shown = useReaderScript();
  const [chosen, setChosen] = useState(roster.day);
  const day = roster.days.find((d) => d.day === chosen) ?? roster.days.find((d) => d.day === roster.day);
  const unmarked = day ? roster.rows.filter((head) => !head.marks[day.day]) : [];
  const { vacancy } = roster;
  const manyDays = roster.days.length > 7;
  return (
    <div className={`roster-sheet${manyDays ? ' many-days' : ''}`} data-testid="roster">
      <header className="roster-head">
        <h1>
          {t('roster.title')}: {shown(vacancy.title)}
        </h1>
        <p>
          {t('roster.dates', {
            start: formatDate(vacancy.startDate, i18n.language),
            end: formatDate(vacancy.endDate, i18n.language),
          })}{' '}
          · {placeName(vacancy.municipality, i18n.language)} · {t('roster.heads', { heads: roster.heads })}
        </p>
        <div className="form-actions no-print">
          <button type="button" onClick={() => window.print()} data-testid="roster-print">
            {t('roster.print')}
          </button>
        </div>
        {!roster.started && (
          <p className="notice no-print">
            {t('roster.notStarted', { start: formatDate(vacancy.startDate, i18n.language) })}
          </p>
        )}
        {error && (
          <p className="alert error no-print" role="alert">
            {error}
          </p>
        )}
      </header>
      {roster.rows.length === 0 ? (
        <p>{t('roster.empty')}</p>
      ) : (
        <>
          <DayStrip days={roster.days} today={roster.today} chosen={day?.day} onChoose={setChosen} />
          {day && (
            <p className="no-print day-figure" aria-live="polite">
              <strong>{formatDate(day.day, i18n.language)}</strong>
              {day.open ? (
                <>
                  {' '}
                  ·{' '}
                  <span data-testid="roster-came">
                    {t('day-of-work:attendance.dayCame', { came: day.came, count: day.heads })}
                  </span>
                </>
              ) : (
                <> · {t('day-of-work:attendance.notYet')}</>
              )}
            </p>
          )}
          <ol className="plain head-list no-print" aria-label={t('day-of-work:attendance.heads')}>
            {roster.rows.map((head, index) => (
              <HeadRow
                key={head.personId}
                place={index + 1}
                head={head}
                day={day?.day}
                enabled={!!day?.open && !busy}
                onMark={(value) => day && onMark(day.day, [{ personId: head.personId, attendance: value }])}
              />
            ))}
          </ol>
          {day?.open && unmarked.length > 0 && (
            <div className="form-actions no-print">
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  onMark(
                    day.day,
                    unmarked.map((head) => ({ personId: head.personId, attendance: 'Came' })),
                  )
                }
                data-testid="mark-rest-came"
              >
                {t('day-of-work:attendance.restCame', { count: unmarked.length })}
              </button>
            </div>
          )}
          <PrintSheet roster={roster} />
        </>
      )}
    </div>
  );
}

/** The work days as a strip of big buttons; a day that has not come cannot be chosen for marking. */
function DayStrip({
  days,
  today,
  chosen,
  onChoose,
}: {
  days: AttendanceDay[];
  today: string;
  chosen: string | undefined;
  onChoose: (day: string) => void;
}) {
  const { t, i18n } = useTranslation('day-of-work');
  const locale = intlLocale(i18n.language);
  return (
    <div
      className="day-strip no-print"
      role="group"
      aria-label={t('attendance.days')}
      data-testid="day-strip"
    >
      {days.map((d) => {
        const { weekday, date } = shortDay(d.day, locale);
        return (
          <button
            key={d.day}
            type="button"
            aria-pressed={d.day === chosen}
            disabled={!d.open}
            onClick={() => onChoose(d.day)}
            data-testid="day-tab"
            data-day={d.day}
          >
            <span className="day-weekday">{d.day === today ? t('attendance.today') : weekday}</span>
            <span className="day-date">{date}</span>
            {d.open && (
              <span className="day-count">{t('attendance.dayShort', { came: d.came, heads: d.heads })}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function HeadRow({
  place,
  head,
  day,
  enabled,
  onMark,
}: {
  /** The row's place on the whole roster (a crew's own numbers are in the unnamed people's names). */
  place: number;
  head: RosterHead;
  day: string | undefined;
  enabled: boolean;
  onMark: (value: Attendance) => void;
}) {
  const { t } = useTranslation(['crew', 'day-of-work']);
  const shown = useReaderScript();
  const nameOf = useHeadName();
  const name = nameOf(head);
  const current = day ? head.marks[day] : undefined;
  const context = genderContext(head.gender);
  return (
    <li className={`head-row role-${head.role}`} data-testid="roster-person">
      <span className="head-number">{place}.</span>
      <span className="head-who">
        <strong className="head-name">{name}</strong>
        <span className="muted">
          {head.role === 'Unnamed'
            ? t('day-of-work:attendance.unnamedRole')
            : t(`roster.roles.${head.role}`, { leader: shown(head.leaderName ?? '') })}
          {head.phone && (
            <>
              {' · '}
              <a href={`tel:${head.phone}`}>{head.phone}</a>
            </>
          )}
        </span>
      </span>
      <span className="attendance-choice" role="group" aria-label={name}>
        {(['Came', 'DidNotCome'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={current === value ? `pressed ${value}` : undefined}
            aria-pressed={current === value}
            disabled={!enabled}
            onClick={() => onMark(value)}
            data-testid={`mark-${value}`}
          >
            {t(`day-of-work:${markKey(value)}`, context ? { context } : {})}
          </button>
        ))}
      </span>
    </li>
  );
}

/** Paper: a row per head, a column per work day with the mark or an empty box to sign. */
function PrintSheet({ roster }: { roster: DayRoster }) {
  const { t, i18n } = useTranslation(['crew', 'day-of-work']);
  const nameOf = useHeadName();
  const shown = useReaderScript();
  const locale = intlLocale(i18n.language);
  return (
    <table className="roster-table print-only" data-testid="roster-print-table">
      <thead>
        <tr>
          <th scope="col" className="col-number">
            {t('roster.number')}
          </th>
          <th scope="col" className="col-name">
            {t('roster.name')}
          </th>
          <th scope="col" className="col-phone">
            {t('roster.phone')}
          </th>
          {roster.days.map((d) => (
            <th scope="col" key={d.day} className="col-day">
              {shortDay(d.day, locale).date}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {roster.rows.map((head, index) => (
          <tr key={head.personId} className={`role-${head.role}`} data-testid="roster-print-row">
            <td>{index + 1}.</td>
            <th scope="row">
              {nameOf(head)}
              {head.role === 'Member' && (
                <span className="muted">
                  {' '}
                  ({t('roster.roles.Member', { leader: shown(head.leaderName ?? '') })})
                </span>
              )}
            </th>
            <td>{head.phone ?? ''}</td>
            {roster.days.map((d) => (
              <td key={d.day} className="signature">
                {paperMark(head.marks[d.day])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
