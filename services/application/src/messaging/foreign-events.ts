import { z } from 'zod';
import { defineEvent, topics, vacancyStatusSchema } from '@moba/contracts';

/**
 * The fields this service reads from auth and vacancy events (brief's event catalogue). A consumer
 * re-declares only what it uses and ignores the rest (STYLE habit 8), so producers may add fields.
 */
const userFields = {
  userId: z.string().min(1),
  role: z.string(),
  fullName: z.string(),
  phone: z.string().default(''),
  municipality: z.string().nullish(),
  groupLeader: z.boolean().default(false),
  groupSize: z.number().int().min(0).default(0),
  /** Absent in events older than the field: left as it was (see replicate-users). */
  availabilityMonths: z.array(z.number().int().min(1).max(12)).optional(),
  estateName: z.string().nullish(),
  /** Absent in events older than the field: the roster's labels stay neutral. */
  gender: z.enum(['male', 'female', 'other']).optional(),
};

export const UserRegistered = defineEvent(topics.auth, 'UserRegistered', 1, z.object(userFields));
export const ProfileUpdated = defineEvent(topics.auth, 'ProfileUpdated', 1, z.object(userFields));

export const VacancyCreated = defineEvent(
  topics.vacancy,
  'VacancyCreated',
  1,
  z.object({
    vacancyId: z.string().min(1),
    estateId: z.string().min(1),
    estateName: z.string().default(''),
    title: z.string(),
    municipality: z.string(),
    district: z.string().optional(),
    crops: z.array(z.string()).optional(),
    startDate: z.string(),
    endDate: z.string(),
    totalPositions: z.number().int().min(0),
    status: vacancyStatusSchema,
    featured: z.boolean().default(false),
    groupLeadersAccepted: z.boolean().default(false),
    createdAt: z.string().optional(),
  }),
);

export const VacancyStatusChanged = defineEvent(
  topics.vacancy,
  'VacancyStatusChanged',
  1,
  z.object({
    vacancyId: z.string().min(1),
    estateId: z.string().optional(),
    from: vacancyStatusSchema.optional(),
    to: vacancyStatusSchema,
  }),
);

export const VacancyDeleted = defineEvent(
  topics.vacancy,
  'VacancyDeleted',
  1,
  z.object({ vacancyId: z.string().min(1), estateId: z.string().optional() }),
);

export const VacancyFeatured = defineEvent(
  topics.vacancy,
  'VacancyFeatured',
  1,
  z.object({ vacancyId: z.string().min(1), estateId: z.string().optional(), featured: z.boolean() }),
);

/** A moba's review (libs/contracts events/trust.ts): held, hidden by reports, approved or rejected. */
export const VacancyReviewChanged = defineEvent(
  topics.vacancy,
  'VacancyReviewChanged',
  1,
  z.object({
    vacancyId: z.string().min(1),
    state: z.enum(['held', 'hidden', 'approved', 'rejected']),
  }),
);

export type UserEventData = z.infer<typeof UserRegistered.data>;
export type VacancyCreatedData = z.infer<typeof VacancyCreated.data>;
