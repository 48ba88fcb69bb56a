import {
  DEFAULT_JOB_ALERT_RADIUS_KM,
  type JobAlertSettings,
  type Region,
  type UpdateJobAlertSettings,
} from '@moba/contracts';
import { insertIfNew, type Clock } from '@moba/platform';
import type { SmsStore } from '../../sms/sms-store';
import { readSmsSettings } from '../../sms/sms-settings';
import { fileJobAlert } from '../file-job-alert/file-job-alert';
import type { JobAlertDoc, JobAlertStore } from '../job-alert-store';

export interface JobAlertContext {
  alerts: JobAlertStore;
  sms: SmsStore;
  clock: Clock;
}

/** Why a job alert SMS waiting to go was dropped. */
export const JOB_ALERTS_STOPPED = 'job alerts stopped';

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** What a worker's profile gives a new alert: their months, cultures and home municipality. */
export interface ProfileFacts {
  workerId: string;
  municipality?: string;
  region?: Region;
  availabilityMonths?: number[];
  cultures?: string[];
}

function alertFromProfile(facts: ProfileFacts, now: Date): JobAlertDoc {
  return {
    _id: facts.workerId,
    enabled: true,
    crops: facts.cultures ?? [],
    jobActivities: [],
    radiusKm: DEFAULT_JOB_ALERT_RADIUS_KM,
    months: facts.availabilityMonths?.length ? [...facts.availabilityMonths] : ALL_MONTHS,
    minDailyWage: 0,
    sms: true,
    home: facts.municipality ? { municipality: facts.municipality, region: facts.region ?? 'RS' } : null,
    updatedAt: now.toISOString(),
  };
}

/** A worker signed up (UserRegistered): their alert starts from the profile. A redelivery changes nothing. */
export async function startJobAlert(ctx: JobAlertContext, facts: ProfileFacts): Promise<void> {
  const alert = alertFromProfile(facts, ctx.clock.now());
  if (await insertIfNew(ctx.alerts.alerts, alert)) await fileJobAlert(ctx.alerts, alert);
}

/**
 * A worker's profile changed (ProfileUpdated): the radius now counts from the new home. A worker who
 * signed up before alerts existed gets one from the profile here.
 */
export async function moveJobAlertHome(ctx: JobAlertContext, facts: ProfileFacts): Promise<void> {
  const current = await ctx.alerts.alerts.findOne({ _id: facts.workerId });
  if (!current) return startJobAlert(ctx, facts);
  const home = facts.municipality
    ? { municipality: facts.municipality, region: current.home?.region ?? facts.region ?? 'RS' }
    : null;
  if (home?.municipality === current.home?.municipality) return;
  const alert = await ctx.alerts.alerts.findOneAndUpdate(
    { _id: facts.workerId },
    { $set: { home, updatedAt: ctx.clock.now().toISOString() } },
  );
  if (alert) await fileJobAlert(ctx.alerts, alert);
}

export async function readJobAlertSettings(
  ctx: JobAlertContext,
  workerId: string,
): Promise<JobAlertSettings> {
  const alert =
    (await ctx.alerts.alerts.findOne({ _id: workerId })) ?? alertFromProfile({ workerId }, ctx.clock.now());
  const sms = await readSmsSettings({ sms: ctx.sms, clock: ctx.clock }, workerId);
  return {
    enabled: alert.enabled,
    crops: alert.crops,
    jobActivities: alert.jobActivities,
    radiusKm: alert.radiusKm as JobAlertSettings['radiusKm'],
    months: alert.months,
    minDailyWage: alert.minDailyWage,
    sms: alert.sms,
    home: alert.home?.municipality ?? null,
    smsReady: sms.enabled && sms.phoneProven,
  };
}

/** The worker's own change (PUT /job-alerts/settings): the fields present, then the index as they now are. */
export async function updateJobAlertSettings(
  ctx: JobAlertContext,
  workerId: string,
  change: UpdateJobAlertSettings,
): Promise<JobAlertSettings> {
  const now = ctx.clock.now().toISOString();
  if (!(await ctx.alerts.alerts.findOne({ _id: workerId }))) await startJobAlert(ctx, { workerId });
  const alert = await ctx.alerts.alerts.findOneAndUpdate(
    { _id: workerId },
    { $set: { ...change, updatedAt: now } },
  );
  if (alert) await fileJobAlert(ctx.alerts, alert);
  if (change.enabled === false || change.sms === false)
    await ctx.sms.outbox.updateMany(
      { recipientId: workerId, kind: 'jobAlert', status: 'pending' },
      { $set: { status: 'skipped', lastError: JOB_ALERTS_STOPPED } },
    );
  return readJobAlertSettings(ctx, workerId);
}
