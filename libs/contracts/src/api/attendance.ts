import { z } from 'zod';
import { isoDateSchema } from '../common';
import { genderSchema } from '../enums';
import { VACANCY_WORKERS_MAX } from './vacancy';
import { attendanceSchema, rosterSchema } from './crew';

/**
 * Attendance per work day and per head (issue #31, point 6). A head is one person the estate expects
 * in the field: the applicant, each accepted named crew member, and each of the people a leader brought
 * as a number. A head's id is the roster's `personId`: the application id for the applicant, the member
 * id for a named member, `applicationId:n` for the n-th person of an application (n counts the applicant
 * as 1 and the named members after them, so the unnamed people of a crew of 8 with 1 named member are
 * 3 … 8).
 */

/** The head id of the n-th person of an application (n ≥ 2: the people after the applicant). */
export const unnamedHeadId = (applicationId: string, n: number) => `${applicationId}:${n}`;

const UUID_V4 = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
/** A head of the roster: a UUID v4, or a UUID v4 with `:n` for a crew's unnamed person n. */
export const headIdSchema = z
  .string()
  .regex(new RegExp(`^${UUID_V4}(:[1-9][0-9]{0,2})?$`, 'i'), { message: 'must be a person of the roster' });

/** One mark of one head on one day. */
export const attendanceMarkSchema = z.object({ personId: headIdSchema, attendance: attendanceSchema });
export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;

/**
 * POST /estates/vacancies/{id}/attendance: the marks of some heads on one work day. `day`: a work day of
 * the moba that has come (today or before); absent, the latest work day that has come.
 */
export const dayAttendanceRequestSchema = z.object({
  day: isoDateSchema.optional(),
  marks: z.array(attendanceMarkSchema).min(1).max(VACANCY_WORKERS_MAX),
});
export type DayAttendanceRequest = z.infer<typeof dayAttendanceRequestSchema>;

export const rosterHeadRoles = ['Worker', 'Leader', 'Member', 'Guest', 'Unnamed'] as const;

/** One head of the roster with its marks by work day. */
export const rosterHeadSchema = z.object({
  personId: z.string(),
  applicationId: z.uuid(),
  role: z.enum(rosterHeadRoles),
  /** The person's name; for an unnamed person, empty (shown as "Person n (crew of <leaderName>)"). */
  name: z.string(),
  /** The person's number within the application (1: the applicant). */
  number: z.number().int().min(1),
  /** For a member or an unnamed person: the leader's name. */
  leaderName: z.string().nullable(),
  /** The applicant's phone; null for members and unnamed people (the estate calls the leader). */
  phone: z.string().nullable(),
  /** From the profile of a registered worker, where it says; null otherwise (labels stay neutral). */
  gender: genderSchema.nullable(),
  /** day → mark; a day without a mark is absent. */
  marks: z.record(isoDateSchema, attendanceSchema),
});
export type RosterHead = z.infer<typeof rosterHeadSchema>;

/** The show-up figures of one work day, in heads. */
export const attendanceDaySchema = z.object({
  day: isoDateSchema,
  /** The day has come (today or before): it can be marked. */
  open: z.boolean(),
  heads: z.number().int().min(0),
  came: z.number().int().min(0),
  didNotCome: z.number().int().min(0),
});
export type AttendanceDay = z.infer<typeof attendanceDaySchema>;

/**
 * GET /estates/vacancies/{id}/roster (and the answer of marking): the crew roster of issue #20 with,
 * per work day, the heads and their marks. `people[].attendance` and `came` read the `day` shown.
 */
export const dayRosterSchema = rosterSchema.extend({
  /** Today on the moba's clock (Belgrade). */
  today: isoDateSchema,
  /** The day `came` and `people[].attendance` describe: the latest work day that has come, else the first. */
  day: isoDateSchema,
  days: z.array(attendanceDaySchema),
  rows: z.array(rosterHeadSchema),
});
export type DayRoster = z.infer<typeof dayRosterSchema>;
