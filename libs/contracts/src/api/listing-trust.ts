// Scam-proof listings: held mobas, worker reports and the admin's decisions (vacancy service).
import { z } from 'zod';
import { missingOr } from '../errors';
import { reviewReasonSchema } from '../listing-review';

/**
 * A moba's review: 'held' at creation (reasons from listing-review.ts), 'reported' once workers report
 * it (hidden from browse once the weight of its reports reaches the vacancy service's threshold), then
 * 'approved' or 'rejected' by an admin with a note the estate reads.
 */
export const listingReviewSchema = z.object({
  state: z.enum(['held', 'reported', 'approved', 'rejected']),
  reasons: z.array(reviewReasonSchema),
  /** Reports since the last decision. */
  reports: z.number().int().min(0),
  /** Their summed weight, as counted toward hiding the moba (added field). */
  weight: z.number().int().min(0).optional(),
  /** How many times an admin kept the moba after reports (added field); each keep raises the bar. */
  kept: z.number().int().min(0).optional(),
  hidden: z.boolean(),
  note: z.string().optional(),
  decidedAt: z.string().optional(),
});
export type ListingReview = z.infer<typeof listingReviewSchema>;

/**
 * What made a report weigh more than a fresh account's (the vacancy service weighs each report when
 * it is made): a confirmed e-mail, an account older than a month, an application to a moba in the
 * listing's area, having been accepted on a moba.
 */
export const reportSignals = ['email_confirmed', 'established', 'applied_nearby', 'worked'] as const;
export const reportSignalSchema = z.enum(reportSignals);
export type ReportSignal = z.infer<typeof reportSignalSchema>;
export const REPORT_TEXT_MAX = 500;
export const REVIEW_NOTE_MAX = 500;

export const reportReasons = [
  'asks_for_money',
  'fake_listing',
  'wrong_information',
  'wage_not_paid',
  'other',
] as const;
export const reportReasonSchema = z.enum(reportReasons);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** POST /workers/vacancies/{id}/report: a reason from the list and, optionally, what happened. Once per worker per moba. */
export const reportVacancySchema = z.object({
  reason: reportReasonSchema,
  text: z
    .string()
    .trim()
    .max(REPORT_TEXT_MAX, { message: `at most ${REPORT_TEXT_MAX} characters` })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ReportVacancyInput = z.input<typeof reportVacancySchema>;
export const reportResultSchema = z.object({ reported: z.literal(true), reports: z.number().int() });

/** POST /admin/vacancies/{id}/decide: approve (open it, or keep it after reports) or reject (close it), with a note. */
export const reviewDecisionSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  note: z
    .string({ error: missingOr('note', 'text') })
    .trim()
    .min(1, { message: 'note is required' })
    .max(REVIEW_NOTE_MAX, { message: `at most ${REVIEW_NOTE_MAX} characters` }),
});
export type ReviewDecisionInput = z.infer<typeof reviewDecisionSchema>;
export const reviewDecisionResultSchema = z.object({
  vacancyId: z.uuid(),
  state: z.enum(['approved', 'rejected']),
  status: z.string(),
});

export const reportItemSchema = z.object({
  reason: reportReasonSchema,
  text: z.string().optional(),
  reportedAt: z.string(),
  /** The report's weight and why (admin queue, added fields). */
  weight: z.number().int().min(0).optional(),
  signals: z.array(reportSignalSchema).optional(),
  /** false: made before the admin's last decision, no longer counted toward hiding. */
  counted: z.boolean().optional(),
});
