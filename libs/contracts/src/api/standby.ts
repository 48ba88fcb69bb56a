import { z } from 'zod';
import { isoDateTimeSchema, uuidV4Schema } from '../common';
import { applicationStatusSchema } from '../enums';
import { rule } from '../errors';
import { containsPhoneNumber } from './phone-in-text';
import { placeReleaseReasonSchema } from './day-of-work';

/**
 * Standby, cancellation and reliability (issue #31 point 4): a worker cancels an accepted place, an
 * estate removes someone from its moba, freed places are offered to the pending applicants, the first
 * to take one gets it, and each worker's reliability counts late cancellations and no-shows.
 */

export const RELEASE_NOTE_MAX = 200;

/** Why a worker cancels an accepted place (a choice; 'other' may say more in the note). */
export const workerCancelReasons = ['sick', 'other-job', 'transport', 'family', 'other'] as const;
export const workerCancelReasonSchema = z.enum(workerCancelReasons);
export type WorkerCancelReason = z.infer<typeof workerCancelReasonSchema>;

/** Why an estate removes an accepted worker from its moba. */
export const estateRemoveReasons = ['not-needed', 'fewer-places', 'no-contact', 'other'] as const;
export const estateRemoveReasonSchema = z.enum(estateRemoveReasons);
export type EstateRemoveReason = z.infer<typeof estateRemoveReasonSchema>;

/** A few words the other side reads: short, no phone numbers. */
export const releaseNoteSchema = z
  .string()
  .trim()
  .max(RELEASE_NOTE_MAX, { message: `at most ${RELEASE_NOTE_MAX} characters` })
  .refine((text) => !containsPhoneNumber(text), rule('phone_in_text', 'must not contain a phone number'));

/** POST /workers/applications/:id/cancel */
export const cancelApplicationRequestSchema = z.object({
  reason: workerCancelReasonSchema,
  note: releaseNoteSchema.optional(),
});
export type CancelApplicationRequest = z.infer<typeof cancelApplicationRequestSchema>;

/** POST /estates/applications/:id/remove */
export const removeApplicationRequestSchema = z.object({
  reason: estateRemoveReasonSchema,
  note: releaseNoteSchema.optional(),
});
export type RemoveApplicationRequest = z.infer<typeof removeApplicationRequestSchema>;

/** What an application whose whole place was given back records. */
export const cancellationSchema = z.object({
  reason: placeReleaseReasonSchema,
  /** The worker's or the estate's choice (workerCancelReasons / estateRemoveReasons). */
  choice: z.string().optional(),
  note: z.string().optional(),
  late: z.boolean(),
  at: isoDateTimeSchema,
});
export type Cancellation = z.infer<typeof cancellationSchema>;

/** The answer of cancel and remove. */
export const releaseResultSchema = z.object({
  applicationId: uuidV4Schema,
  status: applicationStatusSchema,
  /** Places the application still holds (0 once cancelled). */
  positions: z.number().int().min(0),
  releasedPositions: z.number().int().min(0),
  late: z.boolean(),
  freePositions: z.number().int().min(0),
});
export type ReleaseResult = z.infer<typeof releaseResultSchema>;

/** The answer of POST /workers/applications/:id/take-place. */
export const takePlaceResultSchema = z.object({
  applicationId: uuidV4Schema,
  status: z.literal('Accepted'),
  positions: z.number().int().min(1),
  freePositions: z.number().int().min(0),
});
export type TakePlaceResult = z.infer<typeof takePlaceResultSchema>;

/** An open standby offer on a worker's pending application (My mobas shows "Uzmi mesto"). */
export const standbyOfferViewSchema = z.object({
  offeredAt: isoDateTimeSchema,
  freePositions: z.number().int().min(1),
});
export type StandbyOfferView = z.infer<typeof standbyOfferViewSchema>;

/** A worker's reliability: accepted placements, cancellations (late ones count), no-shows. */
export const workerReliabilitySchema = z.object({
  workerId: z.uuid(),
  accepted: z.number().int().min(0),
  cancellations: z.number().int().min(0),
  lateCancellations: z.number().int().min(0),
  noShows: z.number().int().min(0),
});
export type WorkerReliability = z.infer<typeof workerReliabilitySchema>;

export const emptyReliability = (workerId: string): WorkerReliability => ({
  workerId,
  accepted: 0,
  cancellations: 0,
  lateCancellations: 0,
  noShows: 0,
});
