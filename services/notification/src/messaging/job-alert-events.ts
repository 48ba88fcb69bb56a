import { z } from 'zod';
import { defineEvent, regionSchema, roleSchema, topics } from '@moba/contracts';

/** The fields of auth and vacancy events that job alerts read (the producers send more). */
const id = z.string().min(1);
const months = z.array(z.number().int().min(1).max(12));

export const WorkerSignedUp = defineEvent(
  topics.auth,
  'UserRegistered',
  1,
  z.object({
    userId: id,
    role: roleSchema,
    region: regionSchema.optional(),
    municipality: z.string().optional(),
    availabilityMonths: months.optional(),
    cultures: z.array(z.string()).optional(),
  }),
);
export const WorkerProfileChanged = defineEvent(
  topics.auth,
  'ProfileUpdated',
  1,
  z.object({ userId: id, role: roleSchema, municipality: z.string().optional() }),
);
export const MobaCreated = defineEvent(
  topics.vacancy,
  'VacancyCreated',
  1,
  z.object({
    vacancyId: id,
    title: z.string(),
    municipality: z.string(),
    region: regionSchema.default('RS'),
    crops: z.array(z.string()).default([]),
    jobActivities: z.array(z.string()).optional(),
    startDate: z.string(),
    endDate: z.string(),
    dailyWage: z.number().int().optional(),
    status: z.string(),
  }),
);
export const MobaStatusChanged = defineEvent(
  topics.vacancy,
  'VacancyStatusChanged',
  1,
  z.object({ vacancyId: id, to: z.string() }),
);
