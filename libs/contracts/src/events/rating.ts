import { z } from 'zod';
import { defineEvent, topics } from './envelope';
import { RATING_COMMENT_MAX, RATING_GRADE_MAX, RATING_GRADE_MIN } from '../limits';
import { promiseFigureSchema } from '../promises';

/** Who was rated: a worker (by an estate) or an estate (by a worker). */
export const ratedRoleSchema = z.enum(['Worker', 'Estate']);

/**
 * One rating was recorded. `average` and `count` are the rated user's summary including this rating
 * (average rounded to 2 decimals), so consumers can show them without asking the rating service.
 * Key: ratedUserId (the summary's aggregate).
 */
export const RatingSubmitted = defineEvent(
  topics.rating,
  'RatingSubmitted',
  1,
  z.object({
    ratingId: z.uuid(),
    vacancyId: z.uuid(),
    raterId: z.uuid(),
    ratedUserId: z.uuid(),
    ratedRole: ratedRoleSchema,
    grade: z.number().int().min(RATING_GRADE_MIN).max(RATING_GRADE_MAX),
    comment: z.string().max(RATING_COMMENT_MAX).optional(),
    average: z.number().min(RATING_GRADE_MIN).max(RATING_GRADE_MAX),
    count: z.number().int().min(1),
    ratedAt: z.iso.datetime({ offset: true }),
    /** Whether this job kept every promise of the checklist (absent: rated without a checklist). */
    promisesKept: z.boolean().optional(),
    /**
     * The rated user's promise figure after this rating, a recount (promises.ts). It only grows for
     * an estate, so a consumer keeps the one with the most jobs whatever order events arrive in.
     */
    promises: promiseFigureSchema.optional(),
  }),
);

/** Events the rating service publishes on `${topics.rating}`. */
export const ratingEvents = [RatingSubmitted] as const;
