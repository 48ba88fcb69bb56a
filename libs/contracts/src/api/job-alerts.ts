import { z } from 'zod';
import { rule } from '../errors';
import { withinKmChoices } from '../reference/seats';
import { cropIdSchema, jobActivityIdSchema } from './vacancy';

/** At most this many crops or job activities in one alert (the reference lists are shorter). */
export const JOB_ALERT_LIST_MAX = 40;
/** The highest minimum daily wage an alert may ask for, in RSD. */
export const JOB_ALERT_WAGE_MAX = 100_000;
/** Job alert SMS to one worker in one day (Europe/Belgrade); more are told in the app only. */
export const JOB_ALERT_SMS_PER_DAY = 3;
/** No job alert SMS from 21:00 to 07:00 Europe/Belgrade: one found then waits for 07:00. */
export const JOB_ALERT_QUIET_HOURS = { from: 21, to: 7 } as const;
/** The SMS reply that stops job alerts only (any script, any case); a plain STOP still stops every SMS. */
export const JOB_ALERT_STOP_REPLY = 'STOP POSAO';

const noRepeats = <T>(items: T[]) => new Set(items).size === items.length;

export const jobAlertRadiusSchema = z.literal(withinKmChoices, {
  message: 'radius must be 10, 30, 50 or 100 km',
});
export const jobAlertMonthsSchema = z
  .array(
    z.number().int().min(1, { message: 'month must be 1-12' }).max(12, { message: 'month must be 1-12' }),
  )
  .min(1, { message: 'pick at least one month' })
  .max(12)
  .refine(noRepeats, rule('months_repeat', 'months must not repeat'));
const listOf = (item: z.ZodType<string, string>) =>
  z.array(item).max(JOB_ALERT_LIST_MAX).refine(noRepeats, rule('duplicate', 'an item must not repeat'));

/**
 * What a worker wants to hear of (GET/PUT /job-alerts/settings, notification service). An empty
 * `crops` or `jobActivities` list means any; `minDailyWage` 0 means any pay (a moba paid by the norm
 * has no daily wage and matches only then). The radius is measured from the seat of the worker's home
 * municipality (`home`, from the profile). In the app and live push always; by SMS when `sms` is on
 * and the worker's SMS are on (`smsReady`), at most JOB_ALERT_SMS_PER_DAY a day, never in quiet hours.
 */
export const jobAlertSettingsSchema = z.object({
  enabled: z.boolean(),
  crops: z.array(z.string()),
  jobActivities: z.array(z.string()),
  radiusKm: jobAlertRadiusSchema,
  months: z.array(z.number().int()),
  minDailyWage: z.number().int(),
  sms: z.boolean(),
  /** The home municipality from the profile; without one no moba is near. */
  home: z.string().nullable(),
  /** The worker's SMS are switched on and the phone proven (a START came from it). */
  smsReady: z.boolean(),
});
export type JobAlertSettings = z.infer<typeof jobAlertSettingsSchema>;

/** PUT /job-alerts/settings: only the fields present change; `{enabled: false}` stops the alerts. */
export const updateJobAlertSettingsSchema = z
  .object({
    enabled: z.boolean().optional(),
    crops: listOf(cropIdSchema).optional(),
    jobActivities: listOf(jobActivityIdSchema).optional(),
    radiusKm: jobAlertRadiusSchema.optional(),
    months: jobAlertMonthsSchema.optional(),
    minDailyWage: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must not be negative' })
      .max(JOB_ALERT_WAGE_MAX, { message: `must be at most ${JOB_ALERT_WAGE_MAX}` })
      .optional(),
    sms: z.boolean().optional(),
  })
  .strict();
export type UpdateJobAlertSettings = z.infer<typeof updateJobAlertSettingsSchema>;

/** The radius a new alert starts with. */
export const DEFAULT_JOB_ALERT_RADIUS_KM = 30;
