import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkMeetingDraft, daysToPick, type MeetingDraft, type MeetingDraftField } from './meeting-draft';

/** The inputs load only when the estate opens the section: the create form stays as light as it was. */
const MeetingFields = lazy(() => import('./MeetingFields'));

/**
 * The optional "Meeting and confirmations" part of the create form, collapsed by default to keep the
 * form short on a phone. Problems come from the shared schema (checkMeetingDraft); the form's own
 * check (createVacancySchema) refuses the same ones, so the moba is never sent with them.
 */
export function MeetingSection({
  value,
  onChange,
  startDate,
  endDate,
  submitted,
}: {
  value: MeetingDraft;
  onChange: (next: MeetingDraft) => void;
  startDate: string;
  endDate: string;
  /** The form was sent once: every problem shows (and the section opens when it has one). */
  submitted: boolean;
}) {
  const { t } = useTranslation('day-of-work');
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [left, setLeft] = useState<Set<MeetingDraftField>>(new Set());
  const days = useMemo(() => daysToPick(startDate, endDate), [startDate, endDate]);
  const problems = useMemo(
    () => checkMeetingDraft(value, days.length ? { startDate, endDate } : undefined),
    [value, days.length, startDate, endDate],
  );
  const hasProblems = Object.keys(problems).length > 0;
  const expanded = open || (submitted && hasProblems);
  return (
    <fieldset className="meeting-section" data-testid="meeting-section">
      <legend>{t('meeting.section.title')}</legend>
      <p className="hint">{t('meeting.section.hint')}</p>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setOpen(!expanded)}
        data-testid="meeting-toggle"
      >
        {t(expanded ? 'meeting.section.close' : 'meeting.section.open')}
      </button>
      <div id={panelId} hidden={!expanded}>
        {expanded && (
          <Suspense fallback={<p className="muted">{t('meeting.section.loading')}</p>}>
            <MeetingFields
              value={value}
              onChange={onChange}
              problems={problems}
              shown={(field) => submitted || left.has(field) || field.startsWith('day:')}
              onLeave={(field) => setLeft((before) => new Set(before).add(field))}
              days={days}
            />
          </Suspense>
        )}
      </div>
    </fieldset>
  );
}
