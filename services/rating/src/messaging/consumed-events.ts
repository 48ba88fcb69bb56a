import { z } from 'zod';
import { defineEvent, topics } from '@moba/contracts';

/**
 * The events this service reads, re-declared with only the fields it uses (STYLE habit 8: a consumer
 * reads what it needs and ignores the rest). Names and fields follow the event catalogue of the brief;
 * the producers' full schemas live in libs/contracts/src/events/<area>.ts. An event read whole
 * (WorkerAttendanceRecorded) is not re-declared: subscriptions.ts takes the producer's schema.
 */
export const UserRegisteredRead = defineEvent(
  topics.auth,
  'UserRegistered',
  1,
  z.object({ userId: z.uuid(), role: z.string(), fullName: z.string(), estateName: z.string().nullish() }),
);
export const ProfileUpdatedRead = defineEvent(
  topics.auth,
  'ProfileUpdated',
  1,
  z.object({ userId: z.uuid(), role: z.string(), fullName: z.string(), estateName: z.string().nullish() }),
);
export const VacancyCreatedRead = defineEvent(
  topics.vacancy,
  'VacancyCreated',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    estateName: z.string().nullish(),
    title: z.string(),
    status: z.string(),
    endDate: z.string().nullish(),
    foodProvided: z.boolean().nullish(),
    transportProvided: z.boolean().nullish(),
    accommodationProvided: z.boolean().nullish(),
  }),
);
export const VacancyStatusChangedRead = defineEvent(
  topics.vacancy,
  'VacancyStatusChanged',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    from: z.string().nullish(),
    to: z.string(),
    title: z.string().nullish(),
  }),
);
export const VacancyDeletedRead = defineEvent(
  topics.vacancy,
  'VacancyDeleted',
  1,
  z.object({ vacancyId: z.uuid(), estateId: z.uuid() }),
);
export const ApplicationAcceptedRead = defineEvent(
  topics.application,
  'ApplicationAccepted',
  1,
  z.object({
    applicationId: z.uuid(),
    vacancyId: z.uuid(),
    estateId: z.uuid().nullish(),
    workerId: z.uuid().nullable(),
    guest: z.boolean(),
  }),
);

/** application.v1 PlacesReleased (issue #31): a worker whose whole place was given back (remaining 0). */
export const PlacesReleasedRead = defineEvent(
  topics.application,
  'PlacesReleased',
  1,
  z.object({
    vacancyId: z.uuid(),
    workerId: z.uuid().nullable(),
    remaining: z.number().int().min(0).optional(),
  }),
);

/** application.v1 AttendanceMarked: only the counts a rating names. */
export const AttendanceMarkedRead = defineEvent(
  topics.application,
  'AttendanceMarked',
  1,
  z.object({
    applicationId: z.uuid(),
    vacancyId: z.uuid(),
    workerId: z.uuid().nullable(),
    heads: z.number().int().min(1),
    came: z.number().int().min(0),
  }),
);
