import { z } from 'zod';
import { rule, ruleIssue } from '../errors';
import { parsePhone } from '../phone';
import { applicationStatusSchema, regions, vacancyStatusSchema } from '../enums';
import { canonicalOrTyped, isKnownMunicipality } from '../reference';
import { uuidV4Schema, isoDateSchema, isoDateTimeSchema, pageOf } from '../common';
import { GROUP_SIZE_MAX, NAME_MAX, NOTE_MAX } from '../limits';
import { cancellationSchema, standbyOfferViewSchema, workerReliabilitySchema } from './standby';
import { confirmationViewSchema } from './confirm';

/** Request and response schemas of the application service (spec §7). */

/** Stable error codes of the application area; the web translates them (spec §8). */
export const applicationErrorCodes = {
  ALREADY_APPLIED: 'APPLICATION.ALREADY_APPLIED',
  VACANCY_NOT_FOUND: 'APPLICATION.VACANCY_NOT_FOUND',
  VACANCY_NOT_OPEN: 'APPLICATION.VACANCY_NOT_OPEN',
  NO_FREE_POSITIONS: 'APPLICATION.NO_FREE_POSITIONS',
  GROUP_NOT_ACCEPTED: 'APPLICATION.GROUP_NOT_ACCEPTED',
  NOT_GROUP_LEADER: 'APPLICATION.NOT_GROUP_LEADER',
  GROUP_TOO_LARGE: 'APPLICATION.GROUP_TOO_LARGE',
  NOT_FOUND: 'APPLICATION.NOT_FOUND',
  NOT_PENDING: 'APPLICATION.NOT_PENDING',
  GUEST_NOT_FOUND: 'APPLICATION.GUEST_NOT_FOUND',
  NOT_VACANCY_OWNER: 'APPLICATION.NOT_VACANCY_OWNER',
  /** A picked or accepted member is not in the leader's crew (field memberIds). */
  NOT_CREW_MEMBER: 'APPLICATION.NOT_CREW_MEMBER',
  /** Partial acceptance of an application that brings no named crew. */
  NOT_A_CREW: 'APPLICATION.NOT_A_CREW',
  /** Attendance is marked only once the job has started. */
  NOT_STARTED: 'APPLICATION.NOT_STARTED',
  /** An attendance mark names someone who is not on the moba's roster (field marks). */
  NOT_ON_ROSTER: 'APPLICATION.NOT_ON_ROSTER',
  /** An attendance day that is not one of the moba's work days (field day). */
  NOT_A_WORK_DAY: 'APPLICATION.NOT_A_WORK_DAY',
  /** An attendance day that has not come yet (field day). */
  DAY_NOT_YET: 'APPLICATION.DAY_NOT_YET',
  /** A bulk decision's batchId was used before with another body. */
  BATCH_ID_REUSED: 'APPLICATION.BATCH_ID_REUSED',
  BATCH_NOT_FOUND: 'APPLICATION.BATCH_NOT_FOUND',
  /** The moba is held for an admin's review (held at creation, hidden by reports): no applications, no acceptances. */
  VACANCY_HELD: 'APPLICATION.VACANCY_HELD',
  /**
   * An acceptance stopped between taking the places and recording the decision, and the places could
   * not be given back at once: they stay reserved for this application until it is decided again or the
   * reconciliation gives them back (503, the decision may be retried).
   */
  DECISION_INTERRUPTED: 'APPLICATION.DECISION_INTERRUPTED',
  /** A leader added more new phones to their crew today than the daily cap (field members). */
  CREW_PHONES_DAILY_LIMIT: 'APPLICATION.CREW_PHONES_DAILY_LIMIT',
  /** A leader saved their crew more often today than the daily cap. */
  CREW_SAVES_DAILY_LIMIT: 'APPLICATION.CREW_SAVES_DAILY_LIMIT',
  /** No such crew invitation for the caller (or its member left the crew). */
  CREW_INVITATION_NOT_FOUND: 'APPLICATION.CREW_INVITATION_NOT_FOUND',
  /** The crew invitation was already accepted or declined. */
  CREW_INVITATION_ANSWERED: 'APPLICATION.CREW_INVITATION_ANSWERED',
  /** Cancelling or removing an application that holds no accepted place (issue #31, standby). */
  NOT_ACCEPTED: 'APPLICATION.NOT_ACCEPTED',
  /** Taking a place without an open standby offer for this application (issue #31, standby). */
  NO_STANDBY_OFFER: 'APPLICATION.NO_STANDBY_OFFER',
  /** No confirmation was asked of this application (yet), so there is nothing to answer. */
  CONFIRMATION_NOT_ASKED: 'APPLICATION.CONFIRMATION_NOT_ASKED',
  /** The open confirmation was already answered. */
  CONFIRMATION_ANSWERED: 'APPLICATION.CONFIRMATION_ANSWERED',
  /** The confirmation's deadline has passed: the answer comes too late. */
  CONFIRMATION_CLOSED: 'APPLICATION.CONFIRMATION_CLOSED',
  /** The caller is not accepted on this moba (nor its estate, nor an admin): its meeting details are not theirs. */
  NOT_ON_MOBA: 'APPLICATION.NOT_ON_MOBA',
  /** An estate's broadcasts: nobody accepted on the moba (or on that day) to send it to. */
  NO_RECIPIENTS: 'APPLICATION.NO_RECIPIENTS',
  /** An estate's broadcasts: more than BROADCASTS_PER_DAY for one moba today. */
  BROADCAST_DAILY_LIMIT: 'APPLICATION.BROADCAST_DAILY_LIMIT',
  /** An estate's broadcasts: a broadcastId used before for another message (field broadcastId). */
  BROADCAST_ID_REUSED: 'APPLICATION.BROADCAST_ID_REUSED',
} as const;

export { ALREADY_APPLIED_BODY, GUEST_ALREADY_APPLIED_BODY } from '../plain-values';

const personName = z.string().trim().min(1, { message: 'required' }).max(NAME_MAX);

/**
 * Phone: required and valid (spec §5); national numbers are read as Serbian, answered in E.164. A number
 * of the product's regions (RS, MK, ME, BA, BG, with +code) is checked with the full rules (../phone).
 */
export const guestPhoneSchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .refine(
    (value) => parsePhone(value, 'RS')?.isValid() === true,
    rule('invalid_phone', 'must be a valid phone number'),
  )
  .transform((value) => parsePhone(value, 'RS')?.number ?? value);

/** POST /applications/create. A group leader says how many people they bring (up to their profile's number). */
export const applyRequestSchema = z
  .object({
    vacancyId: uuidV4Schema,
    peopleCount: z.number().int().min(0).max(GROUP_SIZE_MAX).optional(),
    /** A leader with a crew picks who comes (member ids of the crew); the head count follows. */
    memberIds: z.array(uuidV4Schema).min(1).max(GROUP_SIZE_MAX).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.memberIds && new Set(input.memberIds).size !== input.memberIds.length)
      ctx.addIssue(ruleIssue(['memberIds'], 'duplicate', 'each member once'));
    if (input.memberIds && input.peopleCount !== undefined && input.peopleCount !== input.memberIds.length)
      ctx.addIssue(ruleIssue(['peopleCount'], 'invalid', 'the head count follows the picked members'));
  });
export type ApplyRequest = z.infer<typeof applyRequestSchema>;

/** A named crew member on a leader's application; `accepted` is null until an admin decided. */
export const applicationMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  accepted: z.boolean().nullable(),
});
export type ApplicationMember = z.infer<typeof applicationMemberSchema>;

export const applicationSchema = z.object({
  id: z.uuid(),
  vacancyId: z.uuid(),
  workerId: z.uuid().nullable(),
  guestApplicationId: z.uuid().nullable(),
  guest: z.boolean(),
  peopleCount: z.number().int().min(0),
  positions: z.number().int().min(1),
  status: applicationStatusSchema,
  note: z.string().nullable(),
  submittedAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.nullable(),
  /** The members a leader with a crew picked (absent for a solo worker or a head count without names). */
  crew: z.array(applicationMemberSchema).optional(),
});
export type Application = z.infer<typeof applicationSchema>;

/** Worker details the admin sees, from the replica fed by auth events (null until it arrived). */
export const applicantWorkerSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  phone: z.string(),
  municipality: z.string().nullable(),
  groupLeader: z.boolean(),
  groupSize: z.number().int().min(0),
});
export const applicationVacancySchema = z.object({
  id: z.uuid(),
  estateId: z.uuid(),
  estateName: z.string(),
  title: z.string(),
  municipality: z.string(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  status: vacancyStatusSchema,
  totalPositions: z.number().int().min(0),
  freePositions: z.number().int().min(0),
  groupLeadersAccepted: z.boolean(),
  deleted: z.boolean(),
});
export type ApplicationVacancy = z.infer<typeof applicationVacancySchema>;

/** An item of POST /admin/applications/pending's page. */
export const pendingApplicationSchema = applicationSchema.extend({
  worker: applicantWorkerSchema.nullable(),
  vacancy: applicationVacancySchema.nullable(),
  /** The worker's reliability, where the admin decides (issue #31). */
  reliability: workerReliabilitySchema.optional(),
});
export type PendingApplication = z.infer<typeof pendingApplicationSchema>;

/** PUT /admin/applications/{id}/update-note (a worker's application or a guest application). */
export const updateNoteRequestSchema = z.object({ note: z.string().trim().max(NOTE_MAX) });

/** A place name from the shared lists of any supported region (a guest form has no region field). */
export const guestMunicipalitySchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(NAME_MAX)
  .overwrite((typed) => canonicalOrTyped(typed))
  .refine(
    (name) => regions.some((region) => isKnownMunicipality(name, region)),
    rule('unknown_municipality', 'unknown municipality'),
  );

/** POST /signup-guest (visitor). */
export const guestSignupRequestSchema = z.object({
  firstName: personName,
  lastName: personName,
  phone: guestPhoneSchema,
  municipality: guestMunicipalitySchema,
  note: z.string().trim().max(NOTE_MAX).optional(),
});
export type GuestSignupRequest = z.input<typeof guestSignupRequestSchema>;

export const guestApplicationStatuses = ['Pending', 'Accepted'] as const;
export const guestApplicationSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  municipality: z.string(),
  note: z.string().nullable(),
  status: z.enum(guestApplicationStatuses),
  /** Vacancies the guest was accepted into. */
  vacancyIds: z.array(z.uuid()),
  createdAt: isoDateTimeSchema,
});
export type GuestApplication = z.infer<typeof guestApplicationSchema>;
/** POST /admin/applications/guest/pending (body: page, pageSize): the oldest waiting first. */
export const guestApplicationsPageSchema = pageOf(guestApplicationSchema);
export type GuestApplicationsPage = z.infer<typeof guestApplicationsPageSchema>;

/** POST /admin/applications/guest/{id}/accept. */
export const guestAcceptRequestSchema = z.object({ vacancyId: uuidV4Schema });

/** Answer of accept (worker or guest). */
export const acceptResultSchema = z.object({
  applicationId: z.uuid(),
  vacancyId: z.uuid(),
  positions: z.number().int().min(1),
  freePositions: z.number().int().min(0),
  totalPositions: z.number().int().min(0),
});

/** GET /estates/vacancies/{id}/applicants/approved → array of these. */
export const approvedApplicantSchema = z.object({
  applicationId: z.uuid(),
  workerId: z.uuid().nullable(),
  guest: z.boolean(),
  fullName: z.string(),
  phone: z.string(),
  municipality: z.string().nullable(),
  /** People the applicant brings besides themselves. */
  groupSize: z.number().int().min(0),
  positions: z.number().int().min(1),
  /** The worker's reliability, where the estate decides (issue #31); absent for a guest. */
  reliability: workerReliabilitySchema.optional(),
});
export type ApprovedApplicant = z.infer<typeof approvedApplicantSchema>;

/** GET /workers/vacancies/my/active and /my/finished → array of these. */
export const myVacancySchema = applicationVacancySchema.extend({
  /** The latest confirmation asked of this application (open: state Asked), when there is one. */
  confirmation: confirmationViewSchema.nullable().optional(),
  application: z.object({
    id: z.uuid(),
    status: applicationStatusSchema,
    positions: z.number().int().min(1),
    peopleCount: z.number().int().min(0),
    submittedAt: isoDateTimeSchema,
    crew: z.array(applicationMemberSchema).optional(),
    /** A Cancelled application: why and when its place was given back (issue #31). */
    cancellation: cancellationSchema.optional(),
    /** A Pending application with an open standby offer: a place may be taken now (issue #31). */
    standbyOffer: standbyOfferViewSchema.optional(),
  }),
});
export type MyVacancy = z.infer<typeof myVacancySchema>;

/**
 * GET /workers/applications → array of these: where each of the worker's own applications stands, so
 * the browse list can say "applied", "accepted" or "not accepted" on a card instead of offering to apply.
 */
export const myApplicationStatusSchema = z.object({
  vacancyId: z.uuid(),
  applicationId: z.uuid(),
  status: applicationStatusSchema,
});
export type MyApplicationStatus = z.infer<typeof myApplicationStatusSchema>;

/** GET /admin/stats (spec §3 Admin stats). */
export const adminStatsSchema = z.object({
  workers: z.number().int(),
  guests: z.number().int(),
  estates: z.number().int(),
  totalVacancies: z.number().int(),
  openVacancies: z.number().int(),
  totalApplications: z.number().int(),
  openApplications: z.number().int(),
  pendingApplications: z.number().int(),
  /** People accepted into mobas (a crew counts its leader and each accepted member). */
  acceptedHeads: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
