import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from '../common';
import { confirmationAnswerSchema, confirmationStateSchema } from './day-of-work';

/**
 * Confirmations of the day of work (issue #31 point 3): the worker's answer, the open request a worker
 * sees on My mobas, and the estate's day board. One confirmation covers one stretch of consecutive
 * work days (its id is `${applicationId}:${stretchStart}`).
 */

/** Most heads one answer may name (a typo guard; the real bound is the heads accepted). */
export const CONFIRM_HEADS_MAX = 1000;

/** How a confirmation got its answer. */
export const confirmationChannels = ['app', 'sms', 'deadline'] as const;
export const confirmationChannelSchema = z.enum(confirmationChannels);
export type ConfirmationChannel = z.infer<typeof confirmationChannelSchema>;

/**
 * Body of POST /workers/applications/:id/confirmation. `heads` (a leader confirming fewer people than
 * were accepted) only goes with 'yes'; without it a yes confirms every head accepted.
 * `headsAccepted` bounds it: the service and the prompt use the same schema.
 */
export const confirmationAnswerRequestFor = (headsAccepted: number = CONFIRM_HEADS_MAX) =>
  z
    .object({
      answer: confirmationAnswerSchema,
      heads: z
        .number({ message: 'must be a whole number' })
        .int({ message: 'must be a whole number' })
        .min(1, { message: 'at least 1' })
        .max(headsAccepted, { message: `at most ${headsAccepted} (the heads accepted)` })
        .optional(),
    })
    .refine((body) => body.answer === 'yes' || body.heads === undefined, {
      path: ['heads'],
      message: 'only a yes names heads',
    });
export const confirmationAnswerRequestSchema = confirmationAnswerRequestFor();
export type ConfirmationAnswerRequest = z.infer<typeof confirmationAnswerRequestSchema>;

/** A confirmation as its worker sees it (the answer's response, and the open one on My mobas). */
export const confirmationViewSchema = z.object({
  id: z.string(),
  applicationId: z.uuid(),
  vacancyId: z.uuid(),
  /** The first work day of the stretch it covers, and the stretch's days. */
  stretchStart: isoDateSchema,
  days: z.array(isoDateSchema),
  state: confirmationStateSchema,
  headsAccepted: z.number().int().min(1),
  headsConfirmed: z.number().int().min(0),
  channel: confirmationChannelSchema.nullable(),
  askedAt: isoDateTimeSchema,
  deadline: isoDateTimeSchema,
  answeredAt: isoDateTimeSchema.nullable(),
});
export type ConfirmationView = z.infer<typeof confirmationViewSchema>;

/** Query of GET /estates/vacancies/:id/board: the work day to show (default: the next one). */
export const dayBoardQuerySchema = z.object({ day: isoDateSchema.optional() });

/** 'NotAsked': accepted, but the request for this day's stretch has not gone out yet. */
export const boardRowStates = ['NotAsked', ...confirmationStateSchema.options] as const;
export const boardRowStateSchema = z.enum(boardRowStates);
export type BoardRowState = z.infer<typeof boardRowStateSchema>;

export const dayBoardRowSchema = z.object({
  applicationId: z.uuid(),
  name: z.string(),
  headsAccepted: z.number().int().min(0),
  state: boardRowStateSchema,
  headsConfirmed: z.number().int().min(0),
  channel: confirmationChannelSchema.nullable(),
  /** Unanswered by the deadline on a moba whose estate chose to flag, not free, such places. */
  flagged: z.boolean(),
});
export type DayBoardRow = z.infer<typeof dayBoardRowSchema>;

/** Everything counted in heads (a crew counts each of its people). */
export const dayBoardTotalsSchema = z.object({
  accepted: z.number().int().min(0),
  confirmed: z.number().int().min(0),
  /** Declined, and the heads a leader did not confirm. */
  declined: z.number().int().min(0),
  /** Asked and not answered yet, or not answered by the deadline. */
  noAnswer: z.number().int().min(0),
  notAsked: z.number().int().min(0),
});
export type DayBoardTotals = z.infer<typeof dayBoardTotalsSchema>;

/** GET /estates/vacancies/:id/board?day=YYYY-MM-DD (the moba's estate, admins). */
export const dayBoardSchema = z.object({
  vacancyId: z.uuid(),
  title: z.string(),
  workDays: z.array(isoDateSchema),
  day: isoDateSchema,
  stretchStart: isoDateSchema,
  askAt: z.string(),
  deadlineAt: z.string(),
  unanswered: z.enum(['free', 'flag']),
  rows: z.array(dayBoardRowSchema),
  totals: dayBoardTotalsSchema,
});
export type DayBoard = z.infer<typeof dayBoardSchema>;
