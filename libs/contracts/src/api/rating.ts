import { z } from 'zod';
import { ruleIssue, missingOr } from '../errors';
import { uuidV4Schema } from '../common';
import { RATING_COMMENT_MAX, RATING_GRADE_MAX, RATING_GRADE_MIN } from '../limits';
import {
  estatePromisesSchema,
  promiseFigureSchema,
  workerPromisesInputSchema,
  workerPromisesSchema,
} from '../promises';

/** Request and response schemas of the rating service (spec §7, §5 "Rating: grade required; comment max 300"). */

export const ratingGradeSchema = z
  .number({ error: missingOr('grade', 'a number') })
  .int({ message: 'must be a whole number' })
  .min(RATING_GRADE_MIN, { message: `must be ${RATING_GRADE_MIN} to ${RATING_GRADE_MAX}` })
  .max(RATING_GRADE_MAX, { message: `must be ${RATING_GRADE_MIN} to ${RATING_GRADE_MAX}` });

/** Optional comment; an empty or blank comment counts as none. */
export const ratingCommentSchema = z
  .string()
  .trim()
  .max(RATING_COMMENT_MAX, { message: `at most ${RATING_COMMENT_MAX} characters` })
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /users/{estateId}/rate/estate and POST /users/{workerId}/rate/worker. */
export const rateUserBodySchema = z.object({
  grade: ratingGradeSchema,
  comment: ratingCommentSchema,
  vacancyId: uuidV4Schema,
});
export type RateUserBody = z.input<typeof rateUserBodySchema>;
/** A worker rates the estate: stars, and the checklist of what the moba promised (see promises.ts). */
export const rateEstateBodySchema = rateUserBodySchema.extend({ promises: estatePromisesSchema.optional() });
export type RateEstateBody = z.input<typeof rateEstateBodySchema>;
/** An estate rates a worker: stars, and whether the worker came and stayed to the end. */
export const rateWorkerBodySchema = rateUserBodySchema.extend({
  promises: workerPromisesInputSchema.optional(),
});
export type RateWorkerBody = z.input<typeof rateWorkerBodySchema>;

/** One item of POST /users/rate/workers. */
export const workerRatingItemSchema = z.object({
  workerId: uuidV4Schema,
  grade: ratingGradeSchema,
  comment: ratingCommentSchema,
  promises: workerPromisesInputSchema.optional(),
});

/** POST /users/rate/workers: all unrated workers of one vacancy at once; all or nothing. */
export const rateWorkersBodySchema = z
  .object({
    vacancyId: uuidV4Schema,
    ratings: z.array(workerRatingItemSchema).min(1, { message: 'rate at least one worker' }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.ratings.forEach((item, index) => {
      if (seen.has(item.workerId))
        ctx.addIssue(ruleIssue(['ratings', index, 'workerId'], 'duplicate', 'worker listed twice'));
      seen.add(item.workerId);
    });
  });
export type RateWorkersBody = z.input<typeof rateWorkersBodySchema>;

/** Answer of a successful rating (single): the new summary of the rated user. */
export const ratingResultSchema = z.object({
  ratingId: z.uuid(),
  ratedUserId: z.uuid(),
  average: z.number(),
  count: z.number().int(),
});
export const rateWorkersResultSchema = z.object({ ratings: z.array(ratingResultSchema) });

const givenRatingSchema = z.object({
  grade: z.number().int(),
  comment: z.string().optional(),
  createdAt: z.string(),
  promises: z.union([estatePromisesSchema, workerPromisesSchema]).optional(),
});

/** GET /workers/vacancy/{id}/estate/for-rating. */
export const estateForRatingSchema = z.object({
  vacancyId: z.uuid(),
  vacancyTitle: z.string(),
  endDate: z.string().optional(),
  estateId: z.uuid(),
  estateName: z.string(),
  /** What the moba offered: the checklist asks only about these (absent for mobas from before the checklist). */
  offered: z.object({ food: z.boolean(), transport: z.boolean(), accommodation: z.boolean() }).optional(),
  rated: z.boolean(),
  rating: givenRatingSchema.optional(),
});
export type EstateForRating = z.infer<typeof estateForRatingSchema>;

/** GET /estates/vacancy/{id}/workers/for-rating. */
/** How many of an applicant's people came (a crew's leader with the members; marked by the estate). */
export const ratedAttendanceSchema = z.object({
  heads: z.number().int().min(1),
  came: z.number().int().min(0),
});

/**
 * What the estate's attendance per day says of one worker, to pre-fill the checklist: came on some
 * work day; stayed = came on every day they were marked. Absent when nobody marked them.
 */
export const attendedSchema = z.object({ came: z.boolean(), stayed: z.boolean() });

export const workerForRatingSchema = z.object({
  workerId: z.uuid(),
  fullName: z.string(),
  rated: z.boolean(),
  attendance: ratedAttendanceSchema.optional(),
  attended: attendedSchema.optional(),
  rating: givenRatingSchema.optional(),
});
export const workersForRatingSchema = z.object({
  vacancyId: z.uuid(),
  vacancyTitle: z.string(),
  endDate: z.string().optional(),
  workers: z.array(workerForRatingSchema),
  unratedCount: z.number().int(),
});
export type WorkersForRating = z.infer<typeof workersForRatingSchema>;

/** GET /users/me/ratings: ratings received, newest first, with the summary. */
export const receivedRatingSchema = z.object({
  ratingId: z.uuid(),
  grade: z.number().int(),
  comment: z.string().optional(),
  raterId: z.uuid(),
  raterName: z.string(),
  raterRole: z.enum(['Worker', 'Estate']),
  vacancyId: z.uuid(),
  vacancyTitle: z.string(),
  createdAt: z.string(),
  /** An estate's rating names how many of the worker's people came, when attendance was marked. */
  attendance: ratedAttendanceSchema.optional(),
});
export const userRatingsSchema = z.object({
  /** null while nothing was received. */
  average: z.number().nullable(),
  count: z.number().int(),
  ratings: z.array(receivedRatingSchema),
  /** Promises kept (an estate) or came and stayed (a worker): rated jobs with a checklist, and how many kept it. */
  promises: promiseFigureSchema,
});
export type UserRatings = z.infer<typeof userRatingsSchema>;

/**
 * Error codes of the rating service. Failures of a worker rating an estate carry the spec's text
 * 'rating error for estate' as message; the code tells the reason. In a bulk failure each item's
 * reason is a detail `{field: 'ratings.<i>.workerId', message: <code>}`.
 */
export const ratingErrorCodes = {
  VACANCY_NOT_FOUND: 'RATING.VACANCY_NOT_FOUND',
  NOT_FINISHED: 'RATING.VACANCY_NOT_FINISHED',
  NOT_A_PARTICIPANT: 'RATING.NOT_A_PARTICIPANT',
  NOT_VACANCY_OWNER: 'RATING.NOT_VACANCY_OWNER',
  NOT_VACANCY_ESTATE: 'RATING.NOT_VACANCY_ESTATE',
  ALREADY_RATED: 'RATING.ALREADY_RATED',
  BULK_REJECTED: 'RATING.BULK_REJECTED',
} as const;
export type RatingErrorCode = (typeof ratingErrorCodes)[keyof typeof ratingErrorCodes];

/** Spec §8 user texts. */
export const RATING_ERROR_FOR_ESTATE = 'rating error for estate';
export const RATING_ERROR_FOR_WORKER = 'rating error for worker';
