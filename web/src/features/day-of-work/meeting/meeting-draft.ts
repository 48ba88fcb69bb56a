import {
  addMeetingDayIssues,
  allDaysOf,
  DEFAULT_CONFIRMATION_ASK_AT,
  DEFAULT_CONFIRMATION_DEADLINE_AT,
  detailsFromIssues,
  setDayOfWorkSchema,
  type MobaDayOfWork,
  type SetDayOfWork,
  type UnansweredPolicy,
} from '@moba/contracts';
import { issueToken } from '../../../lib/issue-token';

/**
 * The meeting details and confirmation settings as typed (issue #31, point 2), checked with the same
 * schema the server uses (setDayOfWorkSchema, with the moba's days). Used by the create form and by
 * the edit screen.
 */
export interface MeetingDraft {
  point: string;
  /** The map pin as typed (or filled by "use my location"); both or neither. */
  lat: string;
  lng: string;
  time: string;
  /** Days with a meeting time of their own. */
  dayTimes: { day: string; time: string }[];
  contactName: string;
  contactPhone: string;
  bring: string;
  askAt: string;
  deadlineAt: string;
  unanswered: UnansweredPolicy;
}

export type MeetingDraftField = Exclude<keyof MeetingDraft, 'dayTimes'> | `day:${string}` | '_form';

export const emptyMeetingDraft = (): MeetingDraft => ({
  point: '',
  lat: '',
  lng: '',
  time: '',
  dayTimes: [],
  contactName: '',
  contactPhone: '',
  bring: '',
  askAt: DEFAULT_CONFIRMATION_ASK_AT,
  deadlineAt: DEFAULT_CONFIRMATION_DEADLINE_AT,
  unanswered: 'flag',
});

/** The draft of what a moba has now (the edit screen). */
export function draftOf(current: Pick<MobaDayOfWork, 'meeting' | 'confirmation'>): MeetingDraft {
  const m = current.meeting;
  return {
    ...emptyMeetingDraft(),
    ...(m
      ? {
          point: m.point,
          lat: m.pin ? String(m.pin.lat) : '',
          lng: m.pin ? String(m.pin.lng) : '',
          time: m.time,
          dayTimes: Object.entries(m.timeByDay ?? {}).map(([day, time]) => ({ day, time })),
          contactName: m.contactName,
          contactPhone: m.contactPhone,
          bring: m.bring ?? '',
        }
      : {}),
    askAt: current.confirmation.askAt,
    deadlineAt: current.confirmation.deadlineAt,
    unanswered: current.confirmation.unanswered,
  };
}

/** Whether anything of the meeting itself was typed (confirmation settings aside). */
export const meetingTyped = (d: MeetingDraft) =>
  [d.point, d.lat, d.lng, d.time, d.contactName, d.contactPhone, d.bring].some((v) => v.trim() !== '') ||
  d.dayTimes.length > 0;

const coordinate = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

/** The body of the draft: `meeting: null` when nothing of it was typed (the edit screen clears it). */
export function settingsOf(d: MeetingDraft): SetDayOfWork {
  const lat = coordinate(d.lat);
  const lng = coordinate(d.lng);
  const meeting = meetingTyped(d)
    ? {
        point: d.point,
        ...(lat !== undefined || lng !== undefined
          ? { pin: { lat: lat as number, lng: lng as number } }
          : {}),
        time: d.time,
        timeByDay: Object.fromEntries(d.dayTimes.filter((row) => row.day).map((row) => [row.day, row.time])),
        contactName: d.contactName,
        contactPhone: d.contactPhone,
        ...(d.bring.trim() ? { bring: d.bring } : {}),
      }
    : null;
  return {
    meeting,
    confirmation: { askAt: d.askAt, deadlineAt: d.deadlineAt, unanswered: d.unanswered },
  } as SetDayOfWork;
}

/** The create form's optional part: nothing at all while the estate left the section untouched. */
export function createPartOf(d: MeetingDraft | undefined) {
  if (!d) return undefined;
  const { meeting, confirmation } = settingsOf(d);
  const defaults = emptyMeetingDraft();
  const confirmationChanged =
    d.askAt !== defaults.askAt ||
    d.deadlineAt !== defaults.deadlineAt ||
    d.unanswered !== defaults.unanswered;
  if (!meeting && !confirmationChanged) return undefined;
  return { ...(meeting ? { meeting } : {}), confirmation };
}

/** A schema path → the draft field that shows its problem. */
function draftField(field: string): MeetingDraftField {
  const [part, name, rest] = field.split('.');
  if (part === 'confirmation' && name) return name as MeetingDraftField;
  if (part !== 'meeting' || !name) return '_form';
  if (name === 'pin') return rest === 'lng' ? 'lng' : 'lat';
  if (name === 'timeByDay') return rest ? `day:${rest}` : '_form';
  if (name === 'contactPhoneCountry') return 'contactPhone';
  return name as MeetingDraftField;
}

/**
 * The problems of a draft, by draft field, as error tokens (the first of each field). With the moba's
 * dates, a day of its own must be one the moba can have, as the server checks it.
 */
export function checkMeetingDraft(
  d: MeetingDraft,
  dates?: { startDate: string; endDate: string },
): Partial<Record<MeetingDraftField, string>> {
  const body = settingsOf(d);
  const schema = setDayOfWorkSchema.superRefine((value, ctx) => {
    if (dates?.startDate && dates.endDate && dates.startDate <= dates.endDate)
      addMeetingDayIssues(ctx, [], value.meeting ?? undefined, dates.startDate, dates.endDate);
  });
  const result = schema.safeParse(body);
  const problems: Partial<Record<MeetingDraftField, string>> = {};
  if (result.success) return problems;
  for (const detail of detailsFromIssues(result.error.issues, body)) {
    const field = draftField(detail.field);
    if (!(field in problems)) problems[field] = issueToken(detail);
  }
  return problems;
}

/** The days a meeting time of its own may be picked for: the moba's days, when its dates are known. */
export const daysToPick = (startDate: string, endDate: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(startDate) && /^\d{4}-\d{2}-\d{2}$/.test(endDate) && startDate <= endDate
    ? allDaysOf(startDate, endDate).slice(0, 62)
    : [];
