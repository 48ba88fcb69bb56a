import { useTranslation } from 'react-i18next';
import { apiErrorInfo } from '../../../lib/api';
import { useReaderScript } from '../../../lib/reader-script';
import { useMobaDayOfWorkQuery } from './api';

/** 2026-07-05 → "5.7." (Serbian) or "5 Jul" (English). */
const shortDay = (day: string, lng: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(lng === 'en' ? 'en-GB' : 'sr-Latn-RS', {
    day: 'numeric',
    month: lng === 'en' ? 'short' : 'numeric',
    timeZone: 'UTC',
  });

/** A phone as a tel: address (digits and a leading +). */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * A moba's meeting details for a person accepted on it (issue #31): the place with its map link, the
 * time of the first day and of days with their own, the contact to call, what to bring, their
 * placement and when they will be asked to confirm. Read from GET /mobas/:id/day-of-work, which
 * answers only the moba's own people: for anyone else this shows nothing.
 */
export function MeetingDetails({ vacancyId }: { vacancyId: string }) {
  const { t, i18n } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const { data, error, isLoading } = useMobaDayOfWorkQuery(vacancyId);
  if (isLoading) return null;
  if (error) {
    // Not one of the moba's people (yet): nothing to show, no alarm.
    if (apiErrorInfo(error).status === 403) return null;
    return (
      <p className="alert error" role="alert">
        {t('meeting.show.loadError')}
      </p>
    );
  }
  if (!data) return null;
  const { meeting, placement, confirmation } = data;
  const first = data.days[0];
  const otherTimes = data.days.filter((d) => d.time !== meeting?.time && d !== first);
  return (
    <section
      className="meeting-details"
      data-testid="meeting-details"
      aria-labelledby={`meeting-${vacancyId}`}
    >
      <h3 id={`meeting-${vacancyId}`}>{t('meeting.show.title')}</h3>
      {placement && (
        <p data-testid="meeting-placement">
          {placement.as === 'member'
            ? placement.leaderName
              ? t('meeting.show.member', { name: shown(placement.leaderName) })
              : t('meeting.show.memberNoName')
            : t('meeting.show.heads', { count: placement.heads })}
        </p>
      )}
      {meeting ? (
        <>
          <p data-testid="meeting-point">
            <strong>{t('meeting.show.point')}:</strong> {shown(meeting.point)}
          </p>
          <p data-testid="meeting-time">
            <strong>{t('meeting.show.time')}:</strong>{' '}
            {first
              ? t('meeting.show.firstDay', { day: shortDay(first.day, i18n.language), time: first.time })
              : meeting.time}
          </p>
          {otherTimes.length > 0 && (
            <p>
              <strong>{t('meeting.show.otherDays')}:</strong>{' '}
              {otherTimes.map((d) => `${shortDay(d.day, i18n.language)} ${d.time}`).join(', ')}
            </p>
          )}
          <p>
            <strong>{t('meeting.show.contact')}:</strong> {shown(meeting.contactName)}
          </p>
          {meeting.bring && (
            <p>
              <strong>{t('meeting.show.bring')}:</strong> {shown(meeting.bring)}
            </p>
          )}
          <p className="form-actions">
            <a className="button primary" href={telOf(meeting.contactPhone)} data-testid="meeting-call">
              {t('meeting.show.call', { name: shown(meeting.contactName), phone: meeting.contactPhone })}
            </a>
            {meeting.mapLink && (
              <a
                className="button"
                href={meeting.mapLink}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="meeting-map"
              >
                {t('meeting.show.map')}
              </a>
            )}
          </p>
        </>
      ) : (
        <p className="muted" data-testid="meeting-none">
          {t('meeting.show.none')}
        </p>
      )}
      <p className="hint">
        {t('meeting.show.confirmation', { askAt: confirmation.askAt, deadlineAt: confirmation.deadlineAt })}
      </p>
    </section>
  );
}
