import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema, timeOfDaySchema, uuidV4Schema } from '../common';
import { ruleIssue } from '../errors';
import {
  allDaysOf,
  confirmationSettingsSchema,
  dayOfWorkSettingsSchema,
  meetingDetailsSchema,
  type MeetingDetails,
} from './day-of-work';

/**
 * Meeting details of a moba (issue #31, point 2): the estate sets them with the create form or
 * later (PUT /estates/vacancies/:id/day-of-work); the accepted people, the estate and admins read
 * them (GET /mobas/:id/day-of-work). Nothing here is ever part of a public or list answer.
 */

/**
 * The latest day a meeting time of its own may name: a moved work day lands after the last one
 * (moveWorkDay), so a moba of n days may reach n more days past its end.
 */
export const lastMeetingDayOf = (startDate: string, endDate: string) =>
  shiftDay(endDate, allDaysOf(startDate, endDate).length);

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The days of `timeByDay` a moba from `startDate` to `endDate` cannot have (field, day). */
export function meetingDayProblems(
  meeting: Pick<MeetingDetails, 'timeByDay'> | undefined,
  startDate: string,
  endDate: string,
): string[] {
  if (!meeting) return [];
  const last = lastMeetingDayOf(startDate, endDate);
  return Object.keys(meeting.timeByDay ?? {}).filter((day) => day < startDate || day > last);
}

/** Adds a `day_outside_moba` issue at `path` for each such day (create form and PUT alike). */
export function addMeetingDayIssues(
  ctx: { addIssue: (issue: ReturnType<typeof ruleIssue>) => void },
  path: (string | number)[],
  meeting: Pick<MeetingDetails, 'timeByDay'> | undefined,
  startDate: string,
  endDate: string,
) {
  for (const day of meetingDayProblems(meeting, startDate, endDate))
    ctx.addIssue(
      ruleIssue([...path, 'meeting', 'timeByDay', day], 'day_outside_moba', 'must be a day of the moba'),
    );
}

/**
 * Body of PUT /estates/vacancies/:id/day-of-work: what is left out keeps its current value;
 * `meeting: null` takes the meeting details away.
 */
export const setDayOfWorkSchema = dayOfWorkSettingsSchema.extend({
  meeting: meetingDetailsSchema.nullable().optional(),
});
export type SetDayOfWork = z.infer<typeof setDayOfWorkSchema>;

/** What the vacancy service keeps and answers: meeting null when none was given. */
export const dayOfWorkStateSchema = z.object({
  vacancyId: uuidV4Schema,
  meeting: meetingDetailsSchema.nullable(),
  confirmation: confirmationSettingsSchema,
  setAt: isoDateTimeSchema,
});
export type DayOfWorkState = z.infer<typeof dayOfWorkStateSchema>;

/** Who reads GET /mobas/:id/day-of-work, and for a worker how they are placed on the moba. */
export const mobaPlacementSchema = z.object({
  applicationId: uuidV4Schema,
  /** 'applicant': their own application (a crew's leader included); 'member': a named member of a crew. */
  as: z.enum(['applicant', 'member']),
  /** Heads accepted: the whole application's for its applicant, 1 for a member. */
  heads: z.number().int().min(1),
  /** A member's leader. */
  leaderName: z.string().optional(),
});
export type MobaPlacement = z.infer<typeof mobaPlacementSchema>;

export const meetingDayTimeSchema = z.object({ day: isoDateSchema, time: timeOfDaySchema });

/** Answer of GET /mobas/:id/day-of-work. */
export const mobaDayOfWorkSchema = z.object({
  vacancyId: uuidV4Schema,
  title: z.string(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  viewer: z.enum(['worker', 'estate', 'admin']),
  /** Null until the estate gives them. `mapLink` when a pin was set. */
  meeting: meetingDetailsSchema.extend({ mapLink: z.string().optional() }).nullable(),
  /** The meeting time of each work day (empty without meeting details). */
  days: z.array(meetingDayTimeSchema),
  confirmation: confirmationSettingsSchema,
  /** A worker's place on the moba; absent for the estate and admins. */
  placement: mobaPlacementSchema.optional(),
});
export type MobaDayOfWork = z.infer<typeof mobaDayOfWorkSchema>;

/** The field names that must never appear in a public or list answer (a test walks them). */
export const privateMeetingFields = ['dayOfWork', 'meeting', 'contactPhone', 'contactName', 'timeByDay'];
