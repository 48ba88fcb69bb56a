import { z } from 'zod';
import { rule } from '../errors';
import { uuidV4Schema, isoDateSchema, isoDateTimeSchema } from '../common';
import { GROUP_SIZE_MAX, GROUP_SIZE_MIN, MIN_AGE_YEARS, NAME_MAX } from '../limits';
import { guestPhoneSchema } from './application';
import { VACANCY_WORKERS_MAX } from './vacancy';

/**
 * Crews (issue #20): a group leader keeps named members on their profile, applies with the members
 * who come, an admin may accept part of a crew, and the estate sees the roster and marks attendance.
 */

/** The latest year of birth of someone who is at least 16 this year (spec: minimum age 16). */
export const latestBirthYear = (today: Date = new Date()) => today.getUTCFullYear() - MIN_AGE_YEARS;
export const EARLIEST_BIRTH_YEAR = 1900;

const memberName = z.string().trim().min(1, { message: 'required' }).max(NAME_MAX);

/** One member as the leader writes it: a name, an optional phone, an optional year of birth (16+). */
export const crewMemberInputSchema = z.object({
  /** Kept when an existing member is edited; a new member gets one from the server. */
  id: uuidV4Schema.optional(),
  name: memberName,
  phone: z.union([z.literal(''), guestPhoneSchema]).optional(),
  birthYear: z
    .number()
    .int()
    .min(EARLIEST_BIRTH_YEAR)
    .refine(
      (year) => year <= latestBirthYear(),
      rule('min_age', 'a crew member must be at least 16', MIN_AGE_YEARS),
    )
    .optional(),
});
export type CrewMemberInput = z.input<typeof crewMemberInputSchema>;

/** PUT /workers/me/crew: the whole crew; its size stays within the group leader rule (5 to 200). */
export const crewRequestSchema = z.object({
  members: z.array(crewMemberInputSchema).min(GROUP_SIZE_MIN).max(GROUP_SIZE_MAX),
});
export type CrewRequest = z.input<typeof crewRequestSchema>;

/**
 * Whether a member with a phone is linked to a worker's account. A phone is only ever linked when
 * its worker accepts the leader's invitation; until then it shows `invited` whether or not anyone
 * registered with it, so the crew answer never tells a leader which phones are registered.
 */
export const crewMemberLinkValues = ['invited', 'joined', 'declined'] as const;
export const crewMemberLinkSchema = z.enum(crewMemberLinkValues);
export type CrewMemberLink = z.infer<typeof crewMemberLinkSchema>;

/** New phones (not in the saved crew) a leader may add per day: each may send an invitation. */
export const CREW_NEW_PHONES_PER_DAY = 250;
/** Crew saves per leader per day. */
export const CREW_SAVES_PER_DAY = 100;

export const crewMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  /** null for a member without a phone (nobody to invite). */
  link: crewMemberLinkSchema.nullable(),
});
export type CrewMember = z.infer<typeof crewMemberSchema>;

/** A pending invitation into a leader's crew, as the invited worker sees it. */
export const crewInvitationSchema = z.object({
  id: z.uuid(),
  leaderName: z.string(),
  /** The name the leader gave the member. */
  memberName: z.string(),
  sentAt: isoDateTimeSchema,
});
export type CrewInvitation = z.infer<typeof crewInvitationSchema>;

/** POST /workers/me/crew-invitations/{id}/accept|decline answer. */
export const crewInvitationAnswerSchema = z.object({
  id: z.uuid(),
  state: z.enum(['joined', 'declined']),
});
export type CrewInvitationAnswer = z.infer<typeof crewInvitationAnswerSchema>;

/** GET/PUT /workers/me/crew answer. */
export const crewSchema = z.object({
  leaderId: z.uuid(),
  members: z.array(crewMemberSchema),
  updatedAt: isoDateTimeSchema.nullable(),
});
export type Crew = z.infer<typeof crewSchema>;

/** POST /admin/applications/{id}/accept-part: the members of the crew who are accepted (the leader always is). */
export const acceptPartRequestSchema = z.object({
  memberIds: z.array(uuidV4Schema).max(GROUP_SIZE_MAX),
});
export type AcceptPartRequest = z.infer<typeof acceptPartRequestSchema>;

export const attendanceValues = ['Came', 'DidNotCome'] as const;
export const attendanceSchema = z.enum(attendanceValues);
export type Attendance = z.infer<typeof attendanceSchema>;

export const rosterRoles = ['Worker', 'Leader', 'Member', 'Guest'] as const;

/** One person of a moba's roster. `personId`: the application id for the applicant, the member id for a crew member. */
export const rosterPersonSchema = z.object({
  personId: z.uuid(),
  applicationId: z.uuid(),
  role: z.enum(rosterRoles),
  name: z.string(),
  /** The applicant's phone (a leader's, a solo worker's, a guest's); members' phones are not shown. */
  phone: z.string().nullable(),
  /** For a crew member: the leader's name. */
  leaderName: z.string().nullable(),
  /** A leader who applied with a head count and no names: how many more people they bring. */
  unnamed: z.number().int().min(0),
  attendance: attendanceSchema.nullable(),
});
export type RosterPerson = z.infer<typeof rosterPersonSchema>;

/** GET /estates/vacancies/{id}/roster. */
export const rosterSchema = z.object({
  vacancy: z.object({
    id: z.uuid(),
    title: z.string(),
    municipality: z.string(),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
  }),
  /** Attendance can be marked from the start date on. */
  started: z.boolean(),
  heads: z.number().int().min(0),
  came: z.number().int().min(0),
  people: z.array(rosterPersonSchema),
});
export type Roster = z.infer<typeof rosterSchema>;

/** POST /estates/vacancies/{id}/attendance: marks of some people of the roster. */
export const attendanceRequestSchema = z.object({
  marks: z
    .array(z.object({ personId: uuidV4Schema, attendance: attendanceSchema }))
    .min(1)
    .max(VACANCY_WORKERS_MAX),
});
export type AttendanceRequest = z.infer<typeof attendanceRequestSchema>;
