import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Labelled } from '../../../components/Labelled';
import { RadioGroup } from '../../../components/RadioGroup';
import { useIssueText } from '../../../components/Field';
import { DEFAULT_CONFIRMATION_ASK_AT, DEFAULT_CONFIRMATION_DEADLINE_AT } from '@moba/contracts';
import type { MeetingDraft, MeetingDraftField } from './meeting-draft';

export interface MeetingFieldsProps {
  value: MeetingDraft;
  onChange: (next: MeetingDraft) => void;
  /** Error tokens by field (checkMeetingDraft); shown where `shown` says. */
  problems: Partial<Record<MeetingDraftField, string>>;
  shown: (field: MeetingDraftField) => boolean;
  /** Marks a field as left (its problem shows from then on). */
  onLeave: (field: MeetingDraftField) => void;
  /** The days a time of its own may be given for. */
  days: string[];
}

/** The date locale of a UI language: the weekday in the reader's script. */
const localeOf = (lng: string) => (lng === 'en' ? 'en-GB' : lng === 'sr-Cyrl' ? 'sr-Cyrl-RS' : 'sr-Latn-RS');

/** 2026-07-05 → "ned, 5. 7." in the reader's language and script. */
const dayLabel = (day: string, lng: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(localeOf(lng), {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The meeting details and confirmation settings as inputs: point, optional pin (typed or "use my
 * location"), time and days with a time of their own, contact, what to bring; when confirmations are
 * asked, their deadline and what happens to an unanswered place (defaults shown).
 */
export default function MeetingFields({
  value,
  onChange,
  problems,
  shown,
  onLeave,
  days,
}: MeetingFieldsProps) {
  const { t, i18n } = useTranslation('day-of-work');
  const issueText = useIssueText();
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle');
  const set = (patch: Partial<MeetingDraft>) => onChange({ ...value, ...patch });
  const errorOf = (field: MeetingDraftField) =>
    shown(field) ? issueText(problems[field], field) : undefined;
  const text = (field: Exclude<keyof MeetingDraft, 'dayTimes' | 'unanswered'>) => ({
    value: value[field],
    onChange: (e: { target: { value: string } }) => set({ [field]: e.target.value }),
    onBlur: () => onLeave(field),
    name: `meeting-${field}`,
  });

  const locate = () => {
    if (!navigator.geolocation) return setLocating('failed');
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        set({ lat: position.coords.latitude.toFixed(6), lng: position.coords.longitude.toFixed(6) });
      },
      () => setLocating('failed'),
      { timeout: 15_000, maximumAge: 60_000 },
    );
  };
  const freeDays = days.filter((day) => !value.dayTimes.some((row) => row.day === day));

  return (
    <div className="form" data-testid="meeting-fields">
      <Labelled
        label={t('meeting.fields.point')}
        hint={t('meeting.fields.pointHint')}
        error={errorOf('point')}
      >
        {(c) => <input {...c} {...text('point')} autoComplete="off" data-testid="meeting-point" />}
      </Labelled>

      <fieldset>
        <legend>{t('meeting.fields.pin')}</legend>
        <div className="row">
          <Labelled label={t('meeting.fields.lat')} error={errorOf('lat')}>
            {(c) => <input {...c} {...text('lat')} inputMode="decimal" data-testid="meeting-lat" />}
          </Labelled>
          <Labelled label={t('meeting.fields.lng')} error={errorOf('lng')}>
            {(c) => <input {...c} {...text('lng')} inputMode="decimal" data-testid="meeting-lng" />}
          </Labelled>
        </div>
        <button type="button" onClick={locate} disabled={locating === 'busy'}>
          {t('meeting.fields.useLocation')}
        </button>
        <p className="hint" aria-live="polite">
          {locating === 'busy'
            ? t('meeting.fields.locating')
            : locating === 'failed'
              ? t('meeting.fields.locationFailed')
              : ''}
        </p>
      </fieldset>

      <Labelled label={t('meeting.fields.time')} error={errorOf('time')}>
        {(c) => <input {...c} type="time" {...text('time')} data-testid="meeting-time" />}
      </Labelled>

      {(days.length > 0 || value.dayTimes.length > 0) && (
        <fieldset>
          <legend>{t('meeting.fields.dayTimes')}</legend>
          <ul className="plain">
            {value.dayTimes.map((row, index) => {
              const replace = (patch: Partial<typeof row>) =>
                set({ dayTimes: value.dayTimes.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
              return (
                <li key={`${row.day}-${index}`} className="row">
                  <Labelled label={t('meeting.fields.day')} error={errorOf(`day:${row.day}`)}>
                    {(c) => (
                      <select {...c} value={row.day} onChange={(e) => replace({ day: e.target.value })}>
                        {[row.day, ...freeDays].map((day) => (
                          <option key={day} value={day}>
                            {dayLabel(day, i18n.language)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Labelled>
                  <Labelled label={t('meeting.fields.dayTime')}>
                    {(c) => (
                      <input
                        {...c}
                        type="time"
                        value={row.time}
                        onChange={(e) => replace({ time: e.target.value })}
                      />
                    )}
                  </Labelled>
                  <button
                    type="button"
                    className="danger-soft"
                    onClick={() => set({ dayTimes: value.dayTimes.filter((_, i) => i !== index) })}
                  >
                    {t('meeting.fields.removeDay', { day: dayLabel(row.day, i18n.language) })}
                  </button>
                </li>
              );
            })}
          </ul>
          {freeDays.length > 0 && (
            <button
              type="button"
              onClick={() =>
                set({ dayTimes: [...value.dayTimes, { day: freeDays[0]!, time: value.time || '07:00' }] })
              }
            >
              {t('meeting.fields.addDay')}
            </button>
          )}
        </fieldset>
      )}

      <div className="row">
        <Labelled label={t('meeting.fields.contactName')} error={errorOf('contactName')}>
          {(c) => (
            <input {...c} {...text('contactName')} autoComplete="off" data-testid="meeting-contact-name" />
          )}
        </Labelled>
        <Labelled label={t('meeting.fields.contactPhone')} error={errorOf('contactPhone')}>
          {(c) => <input {...c} type="tel" {...text('contactPhone')} data-testid="meeting-contact-phone" />}
        </Labelled>
      </div>
      <Labelled label={t('meeting.fields.bring')} error={errorOf('bring')}>
        {(c) => (
          <textarea
            {...c}
            rows={2}
            value={value.bring}
            name="meeting-bring"
            onChange={(e) => set({ bring: e.target.value })}
            onBlur={() => onLeave('bring')}
            data-testid="meeting-bring"
          />
        )}
      </Labelled>

      <fieldset>
        <legend>{t('meeting.fields.confirmation')}</legend>
        <p className="hint">{t('meeting.fields.confirmationHint')}</p>
        <p className="hint">
          {t('meeting.fields.defaults', {
            askAt: DEFAULT_CONFIRMATION_ASK_AT,
            deadlineAt: DEFAULT_CONFIRMATION_DEADLINE_AT,
          })}
        </p>
        <div className="row">
          <Labelled label={t('meeting.fields.askAt')} error={errorOf('askAt')}>
            {(c) => <input {...c} type="time" {...text('askAt')} data-testid="meeting-ask-at" />}
          </Labelled>
          <Labelled label={t('meeting.fields.deadlineAt')} error={errorOf('deadlineAt')}>
            {(c) => <input {...c} type="time" {...text('deadlineAt')} data-testid="meeting-deadline-at" />}
          </Labelled>
        </div>
        <RadioGroup
          legend={t('meeting.fields.unanswered')}
          name="meeting-unanswered"
          options={[
            { value: 'flag', label: t('meeting.fields.unansweredFlag') },
            { value: 'free', label: t('meeting.fields.unansweredFree') },
          ]}
          value={value.unanswered}
          onChange={(unanswered) => set({ unanswered })}
        />
      </fieldset>
    </div>
  );
}
