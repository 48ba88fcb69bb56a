import { z } from 'zod';
import { paymentTypeSchema, vacancyStatusSchema } from '../enums';
import { defineEvent, topics } from './envelope';

/** Events the vacancy service publishes on `${topics.vacancy}` (key = vacancyId). */

export const vacancyFeaturingSchema = z.enum(['none', 'free', 'paid']);

export const VacancyCreated = defineEvent(
  topics.vacancy,
  'VacancyCreated',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    estateName: z.string(),
    title: z.string(),
    municipality: z.string(),
    region: z.string().optional(),
    district: z.string().optional(),
    /** Crop ids of the reference list. */
    crops: z.array(z.string()).optional(),
    /** Job activity ids of the reference list (absent in events older than the field). */
    jobActivities: z.array(z.string()).optional(),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    totalPositions: z.number().int().min(1),
    status: vacancyStatusSchema,
    /** 'free': featured at once (first vacancy in the promo); 'paid': Pending until a payment event. */
    featuring: vacancyFeaturingSchema,
    featured: z.boolean(),
    groupLeadersAccepted: z.boolean(),
    paymentType: paymentTypeSchema,
    dailyWage: z.number().int().optional(),
    /** The hours of the day (the legal minimum beside a daily wage). */
    hoursPerDay: z.number().int().optional(),
    /** What the moba offers (the rating checklist asks only about these). */
    foodProvided: z.boolean().optional(),
    transportProvided: z.boolean().optional(),
    accommodationProvided: z.boolean().optional(),
    createdAt: z.iso.datetime({ offset: true }),
  }),
);

export const VacancyStatusChanged = defineEvent(
  topics.vacancy,
  'VacancyStatusChanged',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    from: vacancyStatusSchema,
    /** 'Finished' triggers the rating notifications. */
    to: vacancyStatusSchema,
    title: z.string().optional(),
    /** Why: 'full', 'started', 'ended', 'payment', 'payment-timeout'. */
    reason: z.string().optional(),
  }),
);

export const VacancyDeleted = defineEvent(
  topics.vacancy,
  'VacancyDeleted',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    title: z.string().optional(),
    deletedAt: z.iso.datetime({ offset: true }).optional(),
  }),
);

export const VacancyFeatured = defineEvent(
  topics.vacancy,
  'VacancyFeatured',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    featured: z.boolean(),
    featuring: vacancyFeaturingSchema.optional(),
    /** 'free', 'payment-succeeded', 'payment-failed', 'payment-cancelled', 'payment-timeout'. */
    reason: z.string().optional(),
  }),
);

export const vacancyEvents = [VacancyCreated, VacancyStatusChanged, VacancyDeleted, VacancyFeatured] as const;
