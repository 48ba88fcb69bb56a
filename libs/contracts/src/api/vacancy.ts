import { z } from 'zod';
import { dayOfWorkSettingsSchema } from './day-of-work';
import { addMeetingDayIssues } from './meeting';
import { paymentTypeSchema, regionSchema, vacancyStatusSchema, type Region } from '../enums';
import {
  DEFAULT_WORK_END,
  DEFAULT_WORK_START,
  DESCRIPTION_MAX,
  HOURS_PER_DAY_MAX,
  HOURS_PER_DAY_MIN,
  TITLE_MAX,
  VACANCY_MAX_DAYS,
  VACANCY_START_HORIZON_DAYS,
} from '../limits';
import { rule, ruleIssue, type IssueCode } from '../errors';
import { isoDateSchema, pageOf, pagingSchema, timeOfDaySchema, uuidV4Schema } from '../common';
import {
  canonicalDistrict,
  canonicalOrTyped,
  isKnownCrop,
  isKnownJobActivity,
  canonicalMunicipality,
  isKnownMunicipality,
} from '../reference';
import { withinKmChoices } from '../reference/seats';
import { containsPhoneNumber } from './phone-in-text';
import { promiseFigureSchema } from '../promises';
import { findMoneyRequest } from '../money-request';
import { listingReviewSchema, reportItemSchema } from './listing-trust';

export { containsPhoneNumber, findPhoneNumbers } from './phone-in-text';

/**
 * Request and response schemas of the vacancy service (spec §3 Vacancy, §5, §7). Every vacancy rule
 * of spec §5 lives here once; the web's create form validates with `createVacancySchema(today)`.
 */

// ── Technical bounds (not business constants of spec §9) ─────────────────────────────────────────
/** Most workers one vacancy may ask for (a typo guard, not a product rule). */
export const VACANCY_WORKERS_MAX = 1000;
export const VACANCY_LIST_MAX = 20;
export const NORM_TEXT_MAX = 200;
/** Largest money amount accepted in RSD (a typo guard). */
export const AMOUNT_MAX_RSD = 1_000_000;

export const vacancyErrorCodes = {
  URGENT_COMING_SOON: 'VACANCY.URGENT_COMING_SOON',
  FINISHED: 'VACANCY.FINISHED',
  DELETE_FAILED: 'VACANCY.DELETE_FAILED',
  NOT_FEATURABLE: 'VACANCY.NOT_FEATURABLE',
  ALREADY_FEATURED: 'VACANCY.ALREADY_FEATURED',
  NOT_FOUND: 'VACANCY.NOT_FOUND',
  ALREADY_REPORTED: 'VACANCY.ALREADY_REPORTED',
  NOT_REPORTABLE: 'VACANCY.NOT_REPORTABLE',
  NOTHING_TO_REVIEW: 'VACANCY.NOTHING_TO_REVIEW',
} as const;

// ── Pure helpers the web and the service share ──────────────────────────────────────────────────

const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);

/** Days from one date to another (0 for the same day). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/**
 * Whether a vacancy starting on `startDate` has stopped taking applications by date on `today`:
 * applications are taken through the first working day, so it closes the day after its start.
 * The vacancy service closes it by this rule; the application service checks it itself, so an
 * apply never waits for the event that tells it.
 */
export const applicationsClosedByDate = (startDate: string, today: string) =>
  daysBetween(startDate, today) > 0;

/** How many calendar days a vacancy lasts, both ends included (one day when start = end). */
export const vacancyLengthDays = (startDate: string, endDate: string) => daysBetween(startDate, endDate) + 1;

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Hours worked from a start to an end time: rolls over midnight and is rounded up to whole hours
 * (22:00 → 06:30 is 9 h). The same start and end time is 0 h (the end must differ from the start).
 */
export function workDurationHours(workStartTime: string, workEndTime: string): number {
  let minutes = minutesOf(workEndTime) - minutesOf(workStartTime);
  if (minutes < 0) minutes += 24 * 60;
  return Math.ceil(minutes / 60);
}

/** A broken rule of a vacancy, coded as in the 400 details the service answers. */
export interface VacancyProblem {
  field:
    | 'startDate'
    | 'endDate'
    | 'municipality'
    | 'workEndTime'
    | 'hoursPerDay'
    | 'dailyWage'
    | 'norm'
    | 'normPrice';
  code: IssueCode;
  message: string;
  limit?: number;
}

export interface DateRuleInput {
  startDate: string;
  endDate: string;
}

/**
 * The date rules of spec §5 against a given "today": start not in the past and at most
 * VACANCY_START_HORIZON_DAYS ahead, end not before start, at most VACANCY_MAX_DAYS long.
 */
export function vacancyDateProblems({ startDate, endDate }: DateRuleInput, today: string): VacancyProblem[] {
  const problems: VacancyProblem[] = [];
  if (daysBetween(today, startDate) < 0)
    problems.push({ field: 'startDate', code: 'date_in_past', message: 'must not be in the past' });
  else if (daysBetween(today, startDate) > VACANCY_START_HORIZON_DAYS)
    problems.push({
      field: 'startDate',
      code: 'start_too_far',
      message: `may start at most ${VACANCY_START_HORIZON_DAYS} days from today`,
      limit: VACANCY_START_HORIZON_DAYS,
    });
  if (daysBetween(startDate, endDate) < 0)
    problems.push({
      field: 'endDate',
      code: 'end_before_start',
      message: 'must not be before the start date',
    });
  else if (vacancyLengthDays(startDate, endDate) > VACANCY_MAX_DAYS)
    problems.push({
      field: 'endDate',
      code: 'too_many_days',
      message: `vacancy may last at most ${VACANCY_MAX_DAYS} days`,
      limit: VACANCY_MAX_DAYS,
    });
  return problems;
}

const isTime = (v: unknown): v is string => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The fields the rules across fields read; any may still be missing while a form is half filled. */
export interface VacancyRuleInput {
  municipality?: string;
  region?: Region;
  workStartTime?: string;
  workEndTime?: string;
  hoursPerDay?: number;
  paymentType?: string;
  dailyWage?: number;
  norm?: string;
  normPrice?: number;
  startDate?: string;
  endDate?: string;
}

/**
 * The rules of spec §5 across fields, each checked once its fields are there (so the web can show
 * them on a half-filled form): the municipality of the region, the work times against the hours,
 * the amount of the payment type, the dates. Without `today` the "start not in the past" and the
 * horizon are not checked.
 */
export function vacancyCrossFieldProblems(value: VacancyRuleInput, today?: string): VacancyProblem[] {
  const problems: VacancyProblem[] = [];
  // canonicalMunicipality: the web checks the name as typed (either script), the server the stored one
  if (value.municipality && !canonicalMunicipality(value.municipality, value.region ?? 'RS'))
    problems.push({ field: 'municipality', code: 'unknown_municipality', message: 'unknown municipality' });
  if (isTime(value.workStartTime) && isTime(value.workEndTime)) {
    const hours = workDurationHours(value.workStartTime, value.workEndTime);
    if (hours === 0)
      problems.push({ field: 'workEndTime', code: 'same_time', message: 'must differ from the start time' });
    else if (hours < HOURS_PER_DAY_MIN || hours > HOURS_PER_DAY_MAX)
      problems.push({
        field: 'workEndTime',
        code: 'work_duration',
        message: `work duration must be ${HOURS_PER_DAY_MIN} to ${HOURS_PER_DAY_MAX} hours`,
        limit: HOURS_PER_DAY_MAX,
      });
    else if (value.hoursPerDay !== undefined && value.hoursPerDay !== hours)
      problems.push({
        field: 'hoursPerDay',
        code: 'hours_mismatch',
        message: `must match the work times (${hours} h)`,
        limit: hours,
      });
  }
  if (value.paymentType === 'DailyWage' && value.dailyWage === undefined)
    problems.push({ field: 'dailyWage', code: 'daily_wage_required', message: 'required for a daily wage' });
  if (value.paymentType === 'Norm') {
    if (value.norm === undefined)
      problems.push({ field: 'norm', code: 'norm_required', message: 'required for a norm' });
    if (value.normPrice === undefined)
      problems.push({ field: 'normPrice', code: 'norm_price_required', message: 'required for a norm' });
  }
  if (isDate(value.startDate) && isDate(value.endDate)) {
    const dates = { startDate: value.startDate, endDate: value.endDate };
    problems.push(
      ...(today
        ? vacancyDateProblems(dates, today)
        : vacancyDateProblems(dates, value.startDate).filter((p) => p.field !== 'startDate')),
    );
  }
  return problems;
}

// ── Reference lists ──────────────────────────────────────────────────────────────────────────────
export const cropIdSchema = z.string().refine(isKnownCrop, rule('unknown_crop', 'unknown crop'));
export const jobActivityIdSchema = z
  .string()
  .refine(isKnownJobActivity, rule('unknown_job_activity', 'unknown job activity'));
/** A municipality name of the reference list of its region (checked against the region in createVacancySchema). */
export const vacancyMunicipalitySchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .overwrite((typed) => canonicalOrTyped(typed));
/** A place typed in a filter, in either script and with or without diacritics, as its reference name. */
const placeFilterSchema = z
  .string()
  .trim()
  .min(1)
  .overwrite((typed) => canonicalOrTyped(typed));

// ── Create ───────────────────────────────────────────────────────────────────────────────────────

/** The fields of the create form as a plain object (pick/extend freely); the rules across fields are in `createVacancySchema`. */
export const createVacancyFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(TITLE_MAX, { message: `at most ${TITLE_MAX} characters` })
    .refine((text) => !containsPhoneNumber(text), rule('phone_in_text', 'must not contain a phone number'))
    .refine((text) => !findMoneyRequest(text), rule('money_request', 'must not ask workers for money')),
  description: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(DESCRIPTION_MAX, { message: `at most ${DESCRIPTION_MAX} characters` })
    .refine((text) => !containsPhoneNumber(text), rule('phone_in_text', 'must not contain a phone number'))
    .refine((text) => !findMoneyRequest(text), rule('money_request', 'must not ask workers for money')),
  municipality: vacancyMunicipalitySchema,
  /** The country the municipality is in (Serbia unless chosen). */
  region: regionSchema.default('RS'),
  crops: z.array(cropIdSchema).max(VACANCY_LIST_MAX).default([]),
  jobActivities: z
    .array(jobActivityIdSchema)
    .min(1, { message: 'choose at least one job activity' })
    .max(VACANCY_LIST_MAX),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  numberOfWorkers: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'at least 1' })
    .max(VACANCY_WORKERS_MAX, { message: `at most ${VACANCY_WORKERS_MAX}` }),
  workStartTime: timeOfDaySchema.default(DEFAULT_WORK_START),
  workEndTime: timeOfDaySchema.default(DEFAULT_WORK_END),
  hoursPerDay: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(HOURS_PER_DAY_MIN, { message: `at least ${HOURS_PER_DAY_MIN}` })
    .max(HOURS_PER_DAY_MAX, { message: `at most ${HOURS_PER_DAY_MAX}` }),
  foodProvided: z.boolean(),
  transportProvided: z.boolean(),
  accommodationProvided: z.boolean(),
  groupLeadersAccepted: z.boolean(),
  paymentType: paymentTypeSchema,
  dailyWage: z.number().int().min(1).max(AMOUNT_MAX_RSD).optional(),
  norm: z.string().trim().min(1).max(NORM_TEXT_MAX).optional(),
  normPrice: z.number().int().min(1).max(AMOUNT_MAX_RSD).optional(),
  /** The sponsored (featured) choice: featured first in lists; paid unless it is the estate's first vacancy in the promo. */
  sponsored: z.boolean().default(false),
  /** Urgent is 'coming soon': it cannot be set. */
  urgent: z
    .boolean()
    .refine((urgent) => !urgent, rule('coming_soon', 'coming soon'))
    .optional(),
  /** Meeting details and confirmation settings (issue #31); optional, private to the accepted people. */
  dayOfWork: dayOfWorkSettingsSchema.optional(),
});

type CreateFields = z.output<typeof createVacancyFields>;

function crossFieldRules(
  value: CreateFields,
  ctx: z.core.$RefinementCtx<CreateFields>,
  today: string | undefined,
) {
  for (const p of vacancyCrossFieldProblems(value, today))
    ctx.addIssue(ruleIssue([p.field], p.code, p.message, p.limit));
  addMeetingDayIssues(ctx, ['dayOfWork'], value.dayOfWork?.meeting, value.startDate, value.endDate);
}

/** Keeps only the amount fields of the chosen payment type. */
function normalisePayment(value: CreateFields) {
  const { dailyWage, norm, normPrice, urgent: _urgent, ...rest } = value;
  if (value.paymentType === 'DailyWage') return { ...rest, dailyWage };
  if (value.paymentType === 'Norm') return { ...rest, norm, normPrice };
  return rest;
}

/**
 * The create-vacancy body with every rule of spec §5. `today` (YYYY-MM-DD, see calendarDay) enables
 * the "start not in the past" rule: the server passes the day of its clock, the web the local day.
 * Without it every other rule still applies.
 */
export const createVacancySchema = (today?: string) =>
  createVacancyFields
    .superRefine((value, ctx) => crossFieldRules(value, ctx, today))
    .transform(normalisePayment);
export type CreateVacancyInput = z.input<typeof createVacancyFields>;
export type CreateVacancy = z.output<ReturnType<typeof createVacancySchema>>;

// ── Browse ───────────────────────────────────────────────────────────────────────────────────────

const optionalFlag = z.boolean().optional();

/**
 * Where distances are measured from: a municipality of the reference lists (the worker's own by
 * default, or any other they pick), typed in either script. Distance is great-circle, seat to seat.
 */
export const nearPlaceSchema = z
  .object({
    municipality: z.string().trim().min(1, { message: 'required' }),
    region: regionSchema.default('RS'),
  })
  .transform((place) => ({
    municipality: canonicalMunicipality(place.municipality, place.region) ?? place.municipality,
    region: place.region,
  }))
  // Every listed municipality has a seat (checked by the seats' test), so the list is the check here
  // and the web bundles need not carry the positions.
  .refine((place) => isKnownMunicipality(place.municipality, place.region), {
    path: ['municipality'],
    ...rule('unknown_municipality', 'unknown municipality for the region'),
  });
export type NearPlace = z.output<typeof nearPlaceSchema>;

/** How a browse is ordered: nearest first (the default while a place is in effect), or featured first then newest. */
export const browseSorts = ['featured', 'distance'] as const;
export const browseSortSchema = z.enum(browseSorts);
export type BrowseSort = z.infer<typeof browseSortSchema>;

/** Filters of POST /workers/vacancies/open and the admin lists; every filter is optional. */
export const vacancyFiltersSchema = z
  .object({
    /** One municipality, or several (any of them). */
    municipality: placeFilterSchema.optional(),
    municipalities: z.array(placeFilterSchema).max(200).optional(),
    /** A country of the region (RS, MK, ME, BA, BG). */
    region: regionSchema.optional(),
    /** A Serbian district (okrug), e.g. "Nišavski". */
    district: z
      .string()
      .trim()
      .min(1)
      .overwrite((typed) => canonicalDistrict(typed) ?? typed)
      .optional(),
    crop: z.string().min(1).optional(),
    jobActivity: z.string().min(1).optional(),
    /** Date range: vacancies whose working period overlaps [dateFrom, dateTo]. */
    dateFrom: isoDateSchema.optional(),
    dateTo: isoDateSchema.optional(),
    paymentType: paymentTypeSchema.optional(),
    /** Only daily-wage vacancies paying at least this much (RSD). */
    minDailyWage: z.number().int().min(0).max(AMOUNT_MAX_RSD).optional(),
    foodProvided: optionalFlag,
    transportProvided: optionalFlag,
    accommodationProvided: optionalFlag,
    groupLeadersAccepted: optionalFlag,
    onlyWithFreePositions: optionalFlag,
    /** Only mobas of estates an admin verified. */
    verifiedOnly: optionalFlag,
    /** Admin "all" list only: one status. */
    status: vacancyStatusSchema.optional(),
    /**
     * The place distances are measured from; every item then carries `distanceKm`. A worker's browse
     * without it measures from the municipality of the worker's profile.
     */
    near: nearPlaceSchema.optional(),
    /** Only mobas at most this far from the place (great-circle km, seat to seat); needs a place. */
    withinKm: z.literal(withinKmChoices).optional(),
    /** Nearest first by default while a place is in effect; 'featured' keeps featured first, then newest. */
    sort: browseSortSchema.optional(),
  })
  .extend(pagingSchema.shape)
  .refine((f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo, {
    path: ['dateTo'],
    ...rule('end_before_start', 'must not be before dateFrom'),
  });

export type VacancyFilters = z.output<typeof vacancyFiltersSchema>;
export type VacancyFiltersInput = z.input<typeof vacancyFiltersSchema>;

export const featuringSchema = z.enum(['none', 'free', 'paid']);
export type Featuring = z.infer<typeof featuringSchema>;

/** The fewest mobas a median is shown from. */
export const FAIR_PAY_MIN_MOBAS = 5;
/** The months a median looks back over. */
export const FAIR_PAY_MONTHS = 12;

/**
 * Beside a daily wage: the legal minimum for the moba's hours (minimum-wage.ts, on its first day)
 * and whether the wage reaches it; and the median daily wage of the mobas published on Moba for the
 * same crop over the last 12 months — of its district when at least 5 are there, else of all —
 * only from 5 mobas up.
 */
export const fairPaySchema = z.object({
  legalMinimum: z.number().int(),
  meetsLegalMinimum: z.boolean(),
  median: z
    .object({
      dailyWage: z.number().int(),
      mobas: z.number().int().min(FAIR_PAY_MIN_MOBAS),
      crop: z.string(),
      /** Present when the median is of the moba's district only. */
      district: z.string().optional(),
    })
    .optional(),
});
export type FairPay = z.infer<typeof fairPaySchema>;

/** One vacancy as every list answers it. */
export const vacancyItemSchema = z.object({
  id: uuidV4Schema,
  estateId: z.uuid(),
  estateName: z.string(),
  title: z.string(),
  description: z.string(),
  municipality: z.string(),
  region: regionSchema.optional(),
  district: z.string().optional(),
  crops: z.array(z.string()),
  jobActivities: z.array(z.string()),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  workStartTime: z.string(),
  workEndTime: z.string(),
  hoursPerDay: z.number().int(),
  paymentType: paymentTypeSchema,
  dailyWage: z.number().int().optional(),
  norm: z.string().optional(),
  normPrice: z.number().int().optional(),
  foodProvided: z.boolean(),
  transportProvided: z.boolean(),
  accommodationProvided: z.boolean(),
  groupLeadersAccepted: z.boolean(),
  sponsored: z.boolean(),
  featuring: featuringSchema,
  featured: z.boolean(),
  urgent: z.boolean(),
  status: vacancyStatusSchema,
  totalPositions: z.number().int(),
  freePositions: z.number().int(),
  /** All positions taken. */
  filled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Browse with `near`: great-circle km from that seat to this moba's municipality seat. */
  distanceKm: z.number().int().min(0).optional(),
  /** Browse, daily wage only: how the wage compares (see fairPaySchema). */
  fairPay: fairPaySchema.optional(),
  /** The estate was verified by an admin (BPG and PIB checked against the registry); absent: not verified. */
  estateVerified: z.boolean().optional(),
  /** The estate's "promises kept" figure (promises.ts); absent: no rated job with a checklist yet. */
  estatePromises: promiseFigureSchema.optional(),
  /** The estate's own and the admin lists only: why the moba waits for an admin, or what was decided. */
  review: listingReviewSchema.optional(),
});
export type VacancyItem = z.infer<typeof vacancyItemSchema>;

export const vacancyPageSchema = pageOf(vacancyItemSchema).extend({
  /** The place the distances were measured from (given as `near`, or the worker's own municipality). */
  near: z.object({ municipality: z.string(), region: regionSchema }).optional(),
});
export type VacancyPage = z.infer<typeof vacancyPageSchema>;

/**
 * GET /vacancies/preview (public): a few open mobas with free places for the home page, with only
 * what a visitor may see — no estate, no description.
 */
export const vacancyPreviewItemSchema = vacancyItemSchema.pick({
  id: true,
  title: true,
  municipality: true,
  startDate: true,
  endDate: true,
  paymentType: true,
  dailyWage: true,
  norm: true,
  normPrice: true,
  freePositions: true,
  featured: true,
});
export const VACANCY_PREVIEW_SIZE = 3;
export const vacancyPreviewSchema = z.object({
  items: z.array(vacancyPreviewItemSchema),
  total: z.number().int(),
});
export type VacancyPreview = z.infer<typeof vacancyPreviewSchema>;

/** GET /vacancies/open-by-crop (public): how many Open mobas each crop has now (the harvest calendar). */
export const openByCropSchema = z.object({ crops: z.record(z.string(), z.number().int().min(0)) });
export type OpenByCrop = z.infer<typeof openByCropSchema>;

/** GET /estates/vacancies/all: the estate's own vacancies of every status, newest first (the web splits active and past by status). */
export const estateVacanciesSchema = z.array(vacancyItemSchema);
export type EstateVacancies = z.infer<typeof estateVacanciesSchema>;

/**
 * POST /estates/vacancies/create: the new id, the featuring the service chose (free in the promo, paid
 * otherwise, none for a moba held for review) and the status it starts in (Review: held, not published).
 */
export const createVacancyResultSchema = z.object({
  id: uuidV4Schema,
  featuring: featuringSchema,
  status: vacancyStatusSchema,
});
export type CreateVacancyResult = z.infer<typeof createVacancyResultSchema>;

/**
 * GET /estates/featuring-offer. The promo features an estate's first vacancy for free: `freeForNew`
 * while the estate has none yet (in the promo period), `freeVacancyId` for a first vacancy published
 * without featuring that can still take it. Any other featuring costs `priceRsd`.
 */
export const featuringOfferSchema = z.object({
  priceRsd: z.number().int().positive(),
  freeForNew: z.boolean(),
  freeVacancyId: z.uuid().nullable(),
});
export type FeaturingOffer = z.infer<typeof featuringOfferSchema>;

/**
 * POST /estates/vacancies/{id}/feature: featured at once (the promo's free featuring), or featuring
 * 'paid' and not yet featured: the estate goes on to the payment (POST /payment/create).
 */
export const featureVacancyResultSchema = z.object({ featured: z.boolean(), featuring: featuringSchema });
export type FeatureVacancyResult = z.infer<typeof featureVacancyResultSchema>;

/** POST /admin/vacancies/review: the admin's queue of held and reported mobas, oldest first. */
export const reviewQueueItemSchema = vacancyItemSchema.extend({
  review: listingReviewSchema,
  reportList: z.array(reportItemSchema),
  /** The weight of reports since the last decision that hides the moba (added field). */
  weightToHide: z.number().int().min(1).optional(),
});
export const reviewQueueSchema = z.array(reviewQueueItemSchema);
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
