import { z } from 'zod';
import { defineEvent, topics } from './envelope';

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
  }),
);

/** Key: applicationId. */
export const ApplicationRejected = defineEvent(
  topics.application,
  'ApplicationRejected',
  1,
  z.object({ applicationId: z.uuid(), vacancyId: z.uuid(), workerId: z.uuid() }),
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
  }),
);

export const applicationEvents = [
  ApplicationSubmitted,
  ApplicationAccepted,
  ApplicationRejected,
  GuestApplicationSubmitted,
  GuestApplicationAccepted,
  ApplicationsClosed,
] as const;
