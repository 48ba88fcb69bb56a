import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from '../common';
import { rule } from '../errors';
import { regionSchema } from '../enums';
import { containsPhoneNumber } from './phone-in-text';
import { findMoneyRequest } from '../money-request';

/**
 * The day of work (issue #31): what an estate tells the people it accepted (meeting details), and
 * when it asks them to confirm. Meeting details are private to the accepted workers of a moba (a
 * crew's leader and its named members), its estate and admins: never in browse, public pages or
 * link previews.
 */

export const MEETING_POINT_MAX = 200;
export const MEETING_BRING_MAX = 300;
export const CONTACT_NAME_MAX = 60;

/** Text a worker reads, checked as descriptions are: no phone numbers, no money requests. */
const checkedText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(max, { message: `at most ${max} characters` })
    .refine((text) => !containsPhoneNumber(text), rule('phone_in_text', 'must not contain a phone number'))
    .refine((text) => !findMoneyRequest(text), rule('money_request', 'must not ask workers for money'));

export const mapPinSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type MapPin = z.infer<typeof mapPinSchema>;

/** A map link for a pin (OpenStreetMap: no key, opens the phone's map app from a browser). */
export const mapLinkOf = (pin: MapPin) =>
  `https://www.openstreetmap.org/?mlat=${pin.lat.toFixed(6)}&mlon=${pin.lng.toFixed(6)}#map=16/${pin.lat.toFixed(6)}/${pin.lng.toFixed(6)}`;

export const meetingDetailsSchema = z.object({
  /** Where the workers gather ("ispred zadruge u Arilju"). */
  point: checkedText(MEETING_POINT_MAX),
  pin: mapPinSchema.optional(),
  /** The meeting time of every work day … */
  time: timeOfDaySchema,
  /** … unless a day has its own (work day → HH:MM). */
  timeByDay: z.record(isoDateSchema, timeOfDaySchema).default({}),
  contactName: checkedText(CONTACT_NAME_MAX),
  /** The one place a phone number is allowed: the on-site contact's. */
  contactPhone: z.string().trim().min(6, { message: 'required' }).max(30),
  contactPhoneCountry: regionSchema.default('RS'),
  /** What to bring or wear; optional. */
  bring: checkedText(MEETING_BRING_MAX).optional(),
});
export type MeetingDetails = z.infer<typeof meetingDetailsSchema>;

/** The meeting time of one work day. */
export const meetingTimeOn = (meeting: Pick<MeetingDetails, 'time' | 'timeByDay'>, day: string) =>
  meeting.timeByDay[day] ?? meeting.time;

export const unansweredPolicies = ['free', 'flag'] as const;
export const unansweredPolicySchema = z.enum(unansweredPolicies);
export type UnansweredPolicy = z.infer<typeof unansweredPolicySchema>;

export const DEFAULT_CONFIRMATION_ASK_AT = '18:00';
export const DEFAULT_CONFIRMATION_DEADLINE_AT = '21:00';

/**
 * When confirmations are asked (Belgrade time, on the day before the first work day and the day before
 * each work day after a pause) and what happens to a place nobody answered for by the deadline (the
 * same evening, after `askAt`).
 */
export const confirmationSettingsSchema = z
  .object({
    askAt: timeOfDaySchema.default(DEFAULT_CONFIRMATION_ASK_AT),
    deadlineAt: timeOfDaySchema.default(DEFAULT_CONFIRMATION_DEADLINE_AT),
    unanswered: unansweredPolicySchema.default('flag'),
  })
  .refine((value) => value.deadlineAt > value.askAt, {
    path: ['deadlineAt'],
    ...rule('deadline_before_ask', 'must be after the hour confirmations are asked'),
  });
export type ConfirmationSettings = z.infer<typeof confirmationSettingsSchema>;
export const defaultConfirmationSettings: ConfirmationSettings = {
  askAt: DEFAULT_CONFIRMATION_ASK_AT,
  deadlineAt: DEFAULT_CONFIRMATION_DEADLINE_AT,
  unanswered: 'flag',
};

/** Body of PUT /estates/vacancies/:id/day-of-work and the optional `dayOfWork` part of the create form. */
export const dayOfWorkSettingsSchema = z.object({
  meeting: meetingDetailsSchema.optional(),
  confirmation: confirmationSettingsSchema.optional(),
});
export type DayOfWorkSettings = z.infer<typeof dayOfWorkSettingsSchema>;

/** The answers a worker gives to a confirmation request (in the app, or by SMS reply). */
export const confirmationAnswers = ['yes', 'no'] as const;
export const confirmationAnswerSchema = z.enum(confirmationAnswers);
export type ConfirmationAnswer = z.infer<typeof confirmationAnswerSchema>;

/** Where a confirmation stands for one application and one work day. */
export const confirmationStates = ['Asked', 'Confirmed', 'Declined', 'Unanswered'] as const;
export const confirmationStateSchema = z.enum(confirmationStates);
export type ConfirmationState = z.infer<typeof confirmationStateSchema>;

/** Who or what gave an accepted place back. */
export const placeReleaseReasons = [
  'worker-cancelled',
  'estate-removed',
  'declined',
  'unanswered',
  'fewer-heads',
] as const;
export const placeReleaseReasonSchema = z.enum(placeReleaseReasons);
export type PlaceReleaseReason = z.infer<typeof placeReleaseReasonSchema>;

/** A cancellation this close to the start (or later) is late: it counts in the reliability figure. */
export const LATE_CANCELLATION_HOURS = 24;

/** The estate's broadcast templates; 'free' is free text checked like descriptions. */
export const broadcastTemplates = ['start-moved', 'no-work', 'bring', 'free'] as const;
export const broadcastTemplateSchema = z.enum(broadcastTemplates);
export type BroadcastTemplate = z.infer<typeof broadcastTemplateSchema>;
export const BROADCAST_TEXT_MAX = 300;
export const broadcastTextSchema = checkedText(BROADCAST_TEXT_MAX);

/** Each recipient's state of a broadcast, as the estate sees it. */
export const broadcastDeliveryStates = ['queued', 'delivered', 'read', 'sms-sent', 'failed'] as const;
export const broadcastDeliveryStateSchema = z.enum(broadcastDeliveryStates);
export type BroadcastDeliveryState = z.infer<typeof broadcastDeliveryStateSchema>;

// ── Work days ─────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const dayBefore = (day: string) => dayAt(dayMs(day) - DAY_MS);
export const dayAfter = (day: string) => dayAt(dayMs(day) + DAY_MS);

/** Every calendar day from start to end: a moba's work days until the estate moves one. */
export function allDaysOf(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let ms = dayMs(startDate); ms <= dayMs(endDate); ms += DAY_MS) days.push(dayAt(ms));
  return days;
}

/**
 * The runs of consecutive work days. One confirmation covers one stretch: it is asked on the day
 * before the stretch's first day (the start, or the first day after a pause).
 */
export function stretchesOf(days: readonly string[]): string[][] {
  const sorted = [...days].sort();
  const stretches: string[][] = [];
  for (const day of sorted) {
    const current = stretches.at(-1);
    if (current && dayAfter(current.at(-1)!) === day) current.push(day);
    else stretches.push([day]);
  }
  return stretches;
}

/** The first day of the stretch a work day belongs to (undefined: not a work day). */
export const stretchStartOf = (days: readonly string[], day: string) =>
  stretchesOf(days).find((stretch) => stretch.includes(day))?.[0];

/**
 * "No work on `day`": the day is taken out and the moba gains one day after its last work day, so
 * the people keep the number of days they were accepted for.
 */
export function moveWorkDay(days: readonly string[], day: string): { days: string[]; to: string } {
  const rest = [...days].filter((d) => d !== day).sort();
  const last = [...days].sort().at(-1)!;
  const to = dayAfter(last);
  return { days: [...rest, to], to };
}
