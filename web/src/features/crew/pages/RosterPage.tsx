import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Attendance, Roster, RosterPerson } from '@moba/contracts';
import { paths, isUuidV4 } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatDate } from '../../../lib/format';
import { useReaderScript } from '../../../lib/reader-script';
import { QueryState } from '../../../components/States';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { placeName } from '../../../lib/reference';
import { useMarkAttendanceMutation, useRosterQuery } from '../api';
import '../roster.css';

/**
 * /estate/my-mobas/{vacancyId}/roster: every accepted person of the moba by name (the leader's phone
 * for a crew), printable on one A4 page for 40 people, and, once the job started, who came.
 */
export default function RosterPage() {
  const { vacancyId } = useParams();
  if (!isUuidV4(vacancyId)) return <UnknownRoute />;
  return <RosterOf vacancyId={vacancyId} />;
}

function RosterOf({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation('crew');
  const shown = useReaderScript();
  const errorText = useFeatureErrorText('crew');
  const { data, isLoading, error, refetch } = useRosterQuery(vacancyId, { refetchOnMountOrArgChange: true });
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
        {data && <RosterSheet vacancyId={vacancyId} roster={data} />}
      </QueryState>
    </section>
  );
}

function RosterSheet({ vacancyId, roster }: { vacancyId: string; roster: Roster }) {
  const { t, i18n } = useTranslation('crew');
  const shown = useReaderScript();
  const errorText = useFeatureErrorText('crew');
  const [mark, { error, isLoading }] = useMarkAttendanceMutation();
  const { vacancy } = roster;
  const onMark = (person: RosterPerson, attendance: Attendance) =>
    void mark({ vacancyId, marks: [{ personId: person.personId, attendance }] });
  return (
    <div className="roster-sheet" data-testid="roster">
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
          {roster.started && (
            <>
              {' '}
              ·{' '}
              <span data-testid="roster-came">
                {t('roster.cameCount', { came: roster.came, heads: roster.heads })}
              </span>
            </>
          )}
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
            {errorText(error, 'crew:roster.markError')}
          </p>
        )}
      </header>
      {roster.people.length === 0 ? (
        <p>{t('roster.empty')}</p>
      ) : (
        <table className="roster-table">
          <thead>
            <tr>
              <th scope="col">{t('roster.number')}</th>
              <th scope="col">{t('roster.name')}</th>
              <th scope="col">{t('roster.role')}</th>
              <th scope="col">{t('roster.phone')}</th>
              <th scope="col">{t('roster.attendance')}</th>
              <th scope="col" className="print-only">
                {t('roster.signature')}
              </th>
            </tr>
          </thead>
          <tbody>
            {roster.people.map((person, index) => (
              <tr key={person.personId} data-testid="roster-person" className={`role-${person.role}`}>
                <td>{index + 1}.</td>
                <th scope="row">
                  {shown(person.name)}
                  {person.unnamed > 0 && (
                    <span className="muted"> {t('roster.unnamed', { count: person.unnamed })}</span>
                  )}
                </th>
                <td>{t(`roster.roles.${person.role}`, { leader: shown(person.leaderName ?? '') })}</td>
                <td>{person.phone ? <a href={`tel:${person.phone}`}>{person.phone}</a> : ''}</td>
                <td>
                  <AttendanceChoice
                    person={person}
                    enabled={roster.started && !isLoading}
                    onMark={(value) => onMark(person, value)}
                  />
                </td>
                <td className="print-only signature" />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Came / did not come as two pressed-or-not buttons; on paper an empty box unless marked. */
function AttendanceChoice({
  person,
  enabled,
  onMark,
}: {
  person: RosterPerson;
  enabled: boolean;
  onMark: (value: Attendance) => void;
}) {
  const { t } = useTranslation('crew');
  const shown = useReaderScript();
  const options: [Attendance, string][] = [
    ['Came', t('roster.markCame')],
    ['DidNotCome', t('roster.markDidNotCome')],
  ];
  return (
    <>
      <span className="attendance-choice no-print" role="group" aria-label={shown(person.name)}>
        {options.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={person.attendance === value ? `pressed ${value}` : undefined}
            aria-pressed={person.attendance === value}
            disabled={!enabled}
            onClick={() => onMark(value)}
            data-testid={`mark-${value}`}
          >
            {label}
          </button>
        ))}
      </span>
      <span className="print-only">
        {person.attendance === 'Came' ? '☑' : person.attendance === 'DidNotCome' ? '☒' : '☐'}
      </span>
    </>
  );
}
