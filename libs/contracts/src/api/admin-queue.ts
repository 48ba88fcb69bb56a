import { z } from 'zod';
import { rule, ruleIssue } from '../errors';
import { canonicalDistrict, canonicalOrTyped, isKnownMunicipality } from '../reference';
import { regions } from '../enums';
import { isoDateSchema, isoDateTimeSchema, pageOf, pagingSchema, uuidV4Schema } from '../common';
import { NAME_MAX } from '../limits';
import { cropIdSchema } from './vacancy';
import { applicationVacancySchema, pendingApplicationSchema } from './application';

/**
 * The admin's work at the height of a harvest (issue #23): a filtered queue with its health, bulk
 * decisions, matching help for mobas with free places, and per-day statistics.
 */

/** At most this many applications in one bulk decision (one request; a larger queue is decided in turns). */
export const BULK_DECISION_MAX = 1000;
/** The per-day statistics cover at most this many days (a season and then some). */
export const DAILY_STATS_MAX_DAYS = 366;
/** Matching help lists at most this many workers (the nearest first). */
export const MATCHES_MAX = 100;

const municipalityFilter = z
  .string()
  .trim()
  .min(1)
  .max(NAME_MAX)
  .overwrite((typed) => canonicalOrTyped(typed))
  .refine(
    (name) => regions.some((region) => isKnownMunicipality(name, region)),
    rule('unknown_municipality', 'unknown municipality'),
  );
const districtFilter = z
  .string()
  .trim()
  .min(1)
  .max(NAME_MAX)
  .overwrite((typed) => canonicalDistrict(typed) ?? typed)
  .refine((name) => canonicalDistrict(name) !== undefined, rule('unknown_municipality', 'unknown district'));

export const queueSorts = ['oldest', 'newest'] as const;
export type QueueSort = (typeof queueSorts)[number];

const queueFilterFields = z.object({
  municipality: municipalityFilter.optional(),
  district: districtFilter.optional(),
  /** The moba starts on or after this day. */
  startFrom: isoDateSchema.optional(),
  /** The moba starts on or before this day. */
  startTo: isoDateSchema.optional(),
  crop: cropIdSchema.optional(),
  vacancyId: uuidV4Schema.optional(),
  /** By waiting time: the longest waiting first (default) or the newest first. */
  sort: z.enum(queueSorts).default('oldest'),
});

const startRangeInOrder = (value: { startFrom?: string; startTo?: string }, ctx: z.RefinementCtx) => {
  if (value.startFrom && value.startTo && value.startTo < value.startFrom)
    ctx.addIssue(ruleIssue(['startTo'], 'end_before_start', 'startTo must not be before startFrom'));
};

/** POST /admin/applications/queue and bulk decisions: which pending applications (all when empty). */
export const queueFilterSchema = queueFilterFields.superRefine(startRangeInOrder);
export type QueueFilter = z.output<typeof queueFilterSchema>;
export type QueueFilterInput = z.input<typeof queueFilterSchema>;

/** POST /admin/applications/pending: the filtered queue one page at a time (the store reads only the page). */
export const pendingQueueQuerySchema = queueFilterFields
  .extend(pagingSchema.shape)
  .superRefine(startRangeInOrder);
export type PendingQueueQuery = z.output<typeof pendingQueueQuerySchema>;
export type PendingQueueQueryInput = z.input<typeof pendingQueueQuerySchema>;
export const pendingApplicationsPageSchema = pageOf(pendingApplicationSchema);
export type PendingApplicationsPage = z.infer<typeof pendingApplicationsPageSchema>;

/** One moba in the queue: its free places against the places its pending applications ask for. */
export const queueVacancySchema = applicationVacancySchema.extend({
  waiting: z.number().int().min(0),
  waitingPositions: z.number().int().min(0),
  oldestSubmittedAt: isoDateTimeSchema,
  /** Starts today or tomorrow (the service's calendar) and still has free places. */
  urgent: z.boolean(),
});
export type QueueVacancy = z.infer<typeof queueVacancySchema>;

/** POST /admin/applications/queue: how the (filtered) queue stands. */
export const queueHealthSchema = z.object({
  waiting: z.number().int().min(0),
  oldestSubmittedAt: isoDateTimeSchema.nullable(),
  /** Minutes the oldest waiting application has waited (by the service's clock). */
  oldestWaitingMinutes: z.number().int().min(0).nullable(),
  urgentVacancies: z.number().int().min(0),
  vacancies: z.array(queueVacancySchema),
});
export type QueueHealth = z.infer<typeof queueHealthSchema>;

export const bulkDecisions = ['accept', 'reject'] as const;
export type BulkDecision = (typeof bulkDecisions)[number];

/**
 * POST /admin/applications/decisions: decide many pending applications at once, named by id or as
 * "all matching this filter". `batchId` is the idempotency key the client makes: a retry with the same
 * id decides nothing twice and answers the same result; the same id with another body is refused.
 */
export const bulkDecisionRequestSchema = z
  .object({
    batchId: uuidV4Schema,
    decision: z.enum(bulkDecisions),
    applicationIds: z.array(uuidV4Schema).min(1).max(BULK_DECISION_MAX).optional(),
    filter: queueFilterSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.applicationIds === undefined) === (value.filter === undefined))
      ctx.addIssue(ruleIssue(['applicationIds'], 'required', 'give either applicationIds or a filter'));
    if (value.applicationIds && new Set(value.applicationIds).size !== value.applicationIds.length)
      ctx.addIssue(ruleIssue(['applicationIds'], 'duplicate', 'an application is named twice'));
  });
export type BulkDecisionRequest = z.input<typeof bulkDecisionRequestSchema>;

export const bulkItemOutcomes = ['accepted', 'rejected', 'refused'] as const;
/** What happened to one application of a batch, and why when it was refused (an APPLICATION.* code). */
export const bulkItemResultSchema = z.object({
  applicationId: z.uuid(),
  outcome: z.enum(bulkItemOutcomes),
  code: z.string().optional(),
  freePositions: z.number().int().min(0).optional(),
});
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

/** The answer of a batch, and its progress while it runs (GET /admin/applications/decisions/{batchId}). */
export const bulkDecisionResultSchema = z.object({
  batchId: z.uuid(),
  decision: z.enum(bulkDecisions),
  status: z.enum(['running', 'done']),
  total: z.number().int().min(0),
  processed: z.number().int().min(0),
  accepted: z.number().int().min(0),
  rejected: z.number().int().min(0),
  refused: z.number().int().min(0),
  items: z.array(bulkItemResultSchema),
});
export type BulkDecisionResult = z.infer<typeof bulkDecisionResultSchema>;

export const proximities = ['municipality', 'district', 'region', 'elsewhere'] as const;
export type Proximity = (typeof proximities)[number];

/** GET /admin/vacancies/{id}/matches: workers to call for a moba with free places. */
export const workerMatchSchema = z.object({
  workerId: z.uuid(),
  fullName: z.string(),
  phone: z.string(),
  municipality: z.string().nullable(),
  district: z.string().nullable(),
  availabilityMonths: z.array(z.number().int().min(1).max(12)),
  groupLeader: z.boolean(),
  groupSize: z.number().int().min(0),
  proximity: z.enum(proximities),
  /** Kilometres between the municipalities, where both have coordinates. */
  distanceKm: z.number().min(0).nullable(),
});
export type WorkerMatch = z.infer<typeof workerMatchSchema>;
export const vacancyMatchesSchema = z.object({
  vacancy: applicationVacancySchema,
  /** The calendar months the moba runs in. */
  months: z.array(z.number().int().min(1).max(12)),
  workers: z.array(workerMatchSchema),
});
export type VacancyMatches = z.infer<typeof vacancyMatchesSchema>;

/** GET /admin/applications/guest/{id}/matches: open mobas with free places, the best fit for the guest first. */
export const guestMatchSchema = applicationVacancySchema.extend({
  proximity: z.enum(proximities),
  distanceKm: z.number().min(0).nullable(),
});
export type GuestMatch = z.infer<typeof guestMatchSchema>;

/** GET /admin/stats/daily?from=&to=: one row per day of the range. */
export const dailyStatsQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from)
      ctx.addIssue(ruleIssue(['to'], 'end_before_start', 'to must not be before from'));
    if (value.from && value.to) {
      const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
      if (days > DAILY_STATS_MAX_DAYS)
        ctx.addIssue(
          ruleIssue(['to'], 'too_many_days', `at most ${DAILY_STATS_MAX_DAYS} days`, DAILY_STATS_MAX_DAYS),
        );
    }
  });
export const dailyStatsRowSchema = z.object({
  date: isoDateSchema,
  /** Worker applications submitted that day. */
  applications: z.number().int().min(0),
  /** Applications (worker and guest placements) accepted that day. */
  accepted: z.number().int().min(0),
  /** Worker applications decided that day. */
  decided: z.number().int().min(0),
  /** Waiting time of the applications decided that day, in minutes (null: none decided). */
  waitP50Minutes: z.number().int().min(0).nullable(),
  waitP90Minutes: z.number().int().min(0).nullable(),
});
export type DailyStatsRow = z.infer<typeof dailyStatsRowSchema>;
export const dailyStatsSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  days: z.array(dailyStatsRowSchema),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;

export const pendingPageSchema = z.array(pendingApplicationSchema);
