import { z } from 'zod';
import { broadcastTemplateSchema, defineEvent, languageSchema, roleSchema, topics } from '@moba/contracts';

/**
 * The events this service consumes, declared with only the fields it reads (producers may add
 * fields; zod drops the rest). Names and fields follow the event catalogue of the brief, so these
 * parse the producers' envelopes; tests build envelopes with `.create()`.
 */
const id = z.string().min(1);

export const UserRegistered = defineEvent(
  topics.auth,
  'UserRegistered',
  1,
  z.object({
    userId: id,
    role: roleSchema,
    language: languageSchema.optional(),
    phone: z.string().optional(),
  }),
);
export const ProfileUpdated = defineEvent(
  topics.auth,
  'ProfileUpdated',
  1,
  z.object({ userId: id, role: roleSchema, phone: z.string() }),
);
const tokenState = z.object({ userId: id, tokenVersion: z.number().int().min(0) });
export const PasswordChanged = defineEvent(topics.auth, 'PasswordChanged', 1, tokenState);
export const UserBanned = defineEvent(
  topics.auth,
  'UserBanned',
  1,
  tokenState.extend({ reason: z.string().optional() }),
);
export const UserReactivated = defineEvent(topics.auth, 'UserReactivated', 1, tokenState);
export const AllSessionsEnded = defineEvent(topics.auth, 'AllSessionsEnded', 1, tokenState);
export const SessionEnded = defineEvent(
  topics.auth,
  'SessionEnded',
  1,
  z.object({ userId: id, sessionId: z.string().min(1), until: z.string() }),
);

export const VacancyCreated = defineEvent(
  topics.vacancy,
  'VacancyCreated',
  1,
  z.object({ vacancyId: id, estateId: id, title: z.string().optional(), startDate: z.string().optional() }),
);
/** Meeting details of a moba (issue #31): only what the accepted person's notification and SMS carry. */
export const VacancyDayOfWorkSet = defineEvent(
  topics.vacancy,
  'VacancyDayOfWorkSet',
  1,
  z.object({
    vacancyId: id,
    estateId: id,
    meeting: z
      .object({
        point: z.string(),
        time: z.string(),
        timeByDay: z.record(z.string(), z.string()).default({}),
        contactName: z.string(),
        contactPhone: z.string(),
      })
      .nullable(),
    setAt: z.string(),
  }),
);
export const VacancyStatusChanged = defineEvent(
  topics.vacancy,
  'VacancyStatusChanged',
  1,
  z.object({
    vacancyId: id,
    estateId: id,
    from: z.string().optional(),
    to: z.string(),
    title: z.string().optional(),
  }),
);
export const VacancyReviewChanged = defineEvent(
  topics.vacancy,
  'VacancyReviewChanged',
  1,
  z.object({
    vacancyId: id,
    estateId: id,
    title: z.string(),
    state: z.enum(['held', 'hidden', 'approved', 'rejected']),
    note: z.string().optional(),
  }),
);

export const VacancyDeleted = defineEvent(
  topics.vacancy,
  'VacancyDeleted',
  1,
  z.object({ vacancyId: id, estateId: id, title: z.string().optional() }),
);

export const ApplicationAccepted = defineEvent(
  topics.application,
  'ApplicationAccepted',
  1,
  z.object({
    applicationId: id,
    vacancyId: id,
    estateId: id,
    workerId: id.nullable(),
    guest: z.boolean().default(false),
    positions: z.number().int().optional(),
    freePositions: z.number().int().optional(),
    totalPositions: z.number().int().optional(),
    crew: z
      .object({
        accepted: z.array(z.object({ name: z.string() })),
        notAccepted: z.array(z.object({ name: z.string() })),
      })
      .optional(),
  }),
);
export const ApplicationRejected = defineEvent(
  topics.application,
  'ApplicationRejected',
  1,
  z.object({ applicationId: id, vacancyId: id, workerId: id, vacancyTitle: z.string().optional() }),
);
export const ApplicationsClosed = defineEvent(
  topics.application,
  'ApplicationsClosed',
  1,
  z.object({
    vacancyId: id,
    reason: z.enum(['VacancyNotOpen', 'VacancyFinished', 'VacancyDeleted']).optional(),
    workerIds: z.array(id).default([]),
  }),
);

/** A leader listed the worker's phone in their crew; the worker is asked to accept (application.v1). */
export const CrewInvitationSent = defineEvent(
  topics.application,
  'CrewInvitationSent',
  1,
  z.object({ invitationId: id, workerId: id, leaderName: z.string(), memberName: z.string() }),
);

/** An estate's broadcast to the people accepted on a moba (application.v1, issue #31). */
export const BroadcastSent = defineEvent(
  topics.application,
  'BroadcastSent',
  1,
  z.object({
    broadcastId: id,
    vacancyId: id,
    estateId: id,
    estateName: z.string(),
    title: z.string(),
    day: z.string().nullable(),
    template: broadcastTemplateSchema,
    value: z.string().optional(),
    text: z.string().optional(),
    movedTo: z.string().optional(),
    recipients: z.array(z.object({ workerId: id, applicationId: id, name: z.string().optional() })),
    sentAt: z.string(),
  }),
);

export const GuestApplicationSubmitted = defineEvent(
  topics.application,
  'GuestApplicationSubmitted',
  1,
  z.object({ guestApplicationId: id, phone: z.string() }),
);
export const GuestApplicationAccepted = defineEvent(
  topics.application,
  'GuestApplicationAccepted',
  1,
  z.object({ guestApplicationId: id, applicationId: id, vacancyId: id }),
);

const paymentOutcome = z.object({
  paymentId: id,
  purpose: z.string(),
  vacancyId: id.optional(),
  estateId: id.optional(),
  amount: z.number().optional(),
});
export const PaymentSucceeded = defineEvent(topics.payment, 'PaymentSucceeded', 1, paymentOutcome);
export const PaymentFailed = defineEvent(topics.payment, 'PaymentFailed', 1, paymentOutcome);
export const PaymentCancelled = defineEvent(topics.payment, 'PaymentCancelled', 1, paymentOutcome);

/** Issue #31: the evening-before request to confirm (one per confirmationId). */
export const ConfirmationRequested = defineEvent(
  topics.application,
  'ConfirmationRequested',
  1,
  z.object({
    confirmationId: id,
    applicationId: id,
    vacancyId: id,
    workerId: id,
    title: z.string(),
    day: z.string(),
    meetingTime: z.string().optional(),
    heads: z.number().int().min(1),
    deadline: z.string(),
  }),
);
