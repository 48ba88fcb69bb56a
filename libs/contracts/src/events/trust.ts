import { z } from 'zod';
import { defineEvent, topics } from './envelope';

/**
 * An admin checked an estate's BPG and PIB against the public registry and marked it verified, or
 * revoked that. Consumers keep the one with the latest `changedAt` (events may be redelivered or
 * arrive out of order). Key: estateId.
 */
export const EstateVerificationChanged = defineEvent(
  topics.auth,
  'EstateVerificationChanged',
  1,
  z.object({
    estateId: z.uuid(),
    verified: z.boolean(),
    changedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A moba's review changed: held at creation (with the reasons), hidden by reports, approved or
 * rejected by an admin (with the note). The notification service tells the estate. Key: vacancyId.
 */
export const VacancyReviewChanged = defineEvent(
  topics.vacancy,
  'VacancyReviewChanged',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    title: z.string(),
    state: z.enum(['held', 'hidden', 'approved', 'rejected']),
    reasons: z.array(z.string()).optional(),
    note: z.string().optional(),
  }),
);
