import { z } from 'zod';
import { defineEvent, topics } from './envelope';
import { WorkerAttendanceRecorded } from './attendance';

const crewMemberRef = z.object({ id: z.uuid(), name: z.string() });

/** Events the application service publishes on `${topics.application}`. Keys: the aggregate id. */

/** A worker applied; `positions` = 1 + the people a group leader brings. Key: applicationId. */
export const ApplicationSubmitted = defineEvent(
  topics.application,
  'ApplicationSubmitted',
  1,
  z.object({
    applicationId: z.uuid(),
    vacancyId: z.uuid(),
    workerId: z.uuid(),
    positions: z.number().int().min(1),
    /** People a group leader brings (positions - 1). Added field. */
    peopleCount: z.number().int().min(0).optional(),
    /** The crew members a leader picked (added field). */
    memberIds: z.array(z.uuid()).optional(),
    submittedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * An admin accepted an application (a worker's, or a guest placed into a vacancy). The application
 * service is the single writer of capacity: `freePositions` is the vacancy's new free count. Key: applicationId.
 */
export const ApplicationAccepted = defineEvent(
  topics.application,
  'ApplicationAccepted',
  1,
  z.object({
    applicationId: z.uuid(),
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    workerId: z.uuid().nullable(),
    guest: z.boolean(),
    positions: z.number().int().min(1),
    freePositions: z.number().int().min(0),
    totalPositions: z.number().int().min(0),
    /** A crew application: who of the picked members was accepted and who was not (added field). */
    crew: z
      .object({
        accepted: z.array(crewMemberRef),
        notAccepted: z.array(crewMemberRef),
      })
      .optional(),
  }),
);

/**
 * Key: applicationId. `vacancyTitle` (the moba's title when the application service knew it) lets the
 * notification service write the worker's notice without a lookup; events written before it existed
 * lack it.
 */
export const ApplicationRejected = defineEvent(
  topics.application,
  'ApplicationRejected',
  1,
  z.object({
    applicationId: z.uuid(),
    vacancyId: z.uuid(),
    workerId: z.uuid(),
    vacancyTitle: z.string().optional(),
  }),
);

/** A visitor sent a guest application (the team contacts them). Key: guestApplicationId. */
export const GuestApplicationSubmitted = defineEvent(
  topics.application,
  'GuestApplicationSubmitted',
  1,
  z.object({
    guestApplicationId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    municipality: z.string(),
  }),
);

/** An admin placed a guest into a vacancy; an ApplicationAccepted with guest=true accompanies it. Key: guestApplicationId. */
export const GuestApplicationAccepted = defineEvent(
  topics.application,
  'GuestApplicationAccepted',
  1,
  z.object({
    guestApplicationId: z.uuid(),
    applicationId: z.uuid(),
    vacancyId: z.uuid(),
    freePositions: z.number().int().min(0),
  }),
);

/**
 * A finished vacancy closed these pending applications; a deleted one closed its pending and accepted
 * ones (`acceptedApplicationIds`, added field: those that were Accepted, guest placements included).
 * Key: vacancyId.
 */
export const ApplicationsClosed = defineEvent(
  topics.application,
  'ApplicationsClosed',
  1,
  z.object({
    vacancyId: z.uuid(),
    applicationIds: z.array(z.uuid()),
    acceptedApplicationIds: z.array(z.uuid()).optional(),
    /** Why: the vacancy stopped taking applications (Closed), finished, or was deleted. */
    reason: z.enum(['VacancyNotOpen', 'VacancyFinished', 'VacancyDeleted']).optional(),
    /** The workers whose applications were closed (each told why by the notification service). */
    workerIds: z.array(z.uuid()).optional(),
    /** Heads (positions) of the accepted applications it closed (added field; the stats count heads). */
    acceptedPositions: z.number().int().min(0).optional(),
  }),
);

/** A group leader saved their crew (names stay in the application service). Key: leaderId. */
export const CrewUpdated = defineEvent(
  topics.application,
  'CrewUpdated',
  1,
  z.object({ leaderId: z.uuid(), memberIds: z.array(z.uuid()), size: z.number().int().min(0) }),
);

/**
 * The estate marked who came to an accepted application's job: the whole current attendance of that
 * application (the applicant and each accepted crew member), so a consumer keeps the latest per key.
 * Since attendance per day (issue #31) the marks are per work day and per head (a crew's unnamed people
 * count in `came` and `days`); `people[].attendance` sums a person's days up, so version 1 consumers
 * keep reading it.
 * `workerId` of a person: the registered worker it is (the applicant, or a member who accepted the
 * leader's invitation), else null. Key: applicationId.
 */
export const AttendanceMarked = defineEvent(
  topics.application,
  'AttendanceMarked',
  1,
  z.object({
    applicationId: z.uuid(),
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    /** The applicant: the leader of a crew, a solo worker; null for a guest. */
    workerId: z.uuid().nullable(),
    people: z.array(
      z.object({
        personId: z.uuid(),
        workerId: z.uuid().nullable(),
        /** Came on some work day; DidNotCome: marked and never came; null: not marked yet. */
        attendance: z.enum(['Came', 'DidNotCome']).nullable(),
        /** The person's marks by work day (absent in events older than attendance per day). */
        byDay: z.record(z.iso.date(), z.enum(['Came', 'DidNotCome'])).optional(),
      }),
    ),
    heads: z.number().int().min(1),
    /** Heads (named or not) that came on at least one work day. */
    came: z.number().int().min(0),
    /** The work day whose marks changed (absent in events older than attendance per day). */
    day: z.iso.date().optional(),
    /** Per marked work day, in heads of this application: who came, who did not. */
    days: z
      .array(
        z.object({
          day: z.iso.date(),
          came: z.number().int().min(0),
          didNotCome: z.number().int().min(0),
        }),
      )
      .optional(),
  }),
);

/**
 * A group leader listed the phone of a registered worker in their crew: the worker is asked whether
 * they are that member (nothing is linked until they accept). `memberName` is the name as the leader
 * typed it. Key: invitationId.
 */
export const CrewInvitationSent = defineEvent(
  topics.application,
  'CrewInvitationSent',
  1,
  z.object({
    invitationId: z.uuid(),
    leaderId: z.uuid(),
    leaderName: z.string(),
    workerId: z.uuid(),
    memberName: z.string(),
    sentAt: z.iso.datetime({ offset: true }),
  }),
);

/** The invited worker accepted (joined the crew: attendance counts for them) or declined. Key: invitationId. */
export const CrewInvitationAnswered = defineEvent(
  topics.application,
  'CrewInvitationAnswered',
  1,
  z.object({
    invitationId: z.uuid(),
    leaderId: z.uuid(),
    workerId: z.uuid(),
    accepted: z.boolean(),
    answeredAt: z.iso.datetime({ offset: true }),
  }),
);

export const applicationEvents = [
  ApplicationSubmitted,
  ApplicationAccepted,
  ApplicationRejected,
  GuestApplicationSubmitted,
  GuestApplicationAccepted,
  ApplicationsClosed,
  CrewUpdated,
  CrewInvitationSent,
  CrewInvitationAnswered,
  AttendanceMarked,
  WorkerAttendanceRecorded,
] as const;
