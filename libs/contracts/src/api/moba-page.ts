import { z } from 'zod';
import { vacancyItemSchema } from './vacancy';

/**
 * GET /vacancies/{id} (public): the page of one moba, as anyone may read it (issue #31 point 1).
 * What browse shows of it plus the estate's trust: its rating, its verified mark and promise-kept
 * figure (in the item's own fields) and its late cancellations. Strict, so that nothing private
 * (meeting details, the review) can slip into it unnoticed.
 */
export const estateRatingSummarySchema = z.strictObject({
  /** The average grade of the estate's ratings by workers, rounded to 2 decimals. */
  average: z.number(),
  count: z.number().int().min(1),
});
export type EstateRatingSummary = z.infer<typeof estateRatingSummarySchema>;

export const mobaPageSchema = vacancyItemSchema
  .omit({ review: true, distanceKm: true })
  .extend({
    /** Absent: no worker has rated the estate yet. */
    estateRating: estateRatingSummarySchema.optional(),
    /** Places the estate gave back less than LATE_CANCELLATION_HOURS before a start. */
    estateLateCancellations: z.number().int().min(0),
  })
  .strict();
export type MobaPage = z.infer<typeof mobaPageSchema>;

/** The statuses a moba's page is shown in; any other (Pending, Review) answers 404. */
export const publicMobaStatuses = ['Open', 'Closed', 'Finished'] as const;
