import { z } from 'zod';
import { regionSchema } from '@moba/contracts';

/**
 * The fields of other services' events that the vacancy service reads, declared once for its durable
 * handlers and for every instance's browse model (producers may add fields).
 */
export const acceptedData = z.object({
  vacancyId: z.string(),
  freePositions: z.number().int(),
  workerId: z.string().nullable().optional(),
  crew: z.object({ accepted: z.array(z.object({ id: z.string() })) }).optional(),
});
export const submittedData = z.object({ vacancyId: z.string(), workerId: z.string() });
export const registeredData = z.object({
  userId: z.string(),
  role: z.string(),
  registeredAt: z.string().optional(),
});
export const emailVerifiedData = z.object({ userId: z.string() });
export const estateData = z.object({
  userId: z.string(),
  role: z.string(),
  estateName: z.string().optional(),
});
export const workerData = z.object({
  userId: z.string(),
  role: z.literal('Worker'),
  municipality: z.string(),
  region: regionSchema.optional(),
});
export const verificationData = z.object({
  estateId: z.string(),
  verified: z.boolean(),
  changedAt: z.string(),
});
export const ratingData = z.object({
  ratedUserId: z.string(),
  ratedRole: z.string(),
  promises: z.object({ jobs: z.number().int(), kept: z.number().int() }).optional(),
  average: z.number().optional(),
  count: z.number().int().min(1).optional(),
});
export const placesReleasedData = z.object({
  applicationId: z.string(),
  vacancyId: z.string(),
  estateId: z.string(),
  reason: z.string(),
  late: z.boolean(),
  releasedAt: z.string(),
});

/** VacancyPlacesChanged (application service): the free count, versioned. */
export const placesChangedData = z.object({
  vacancyId: z.string(),
  freePositions: z.number().int(),
  version: z.number().int(),
});
