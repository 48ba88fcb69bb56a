import { seatOf } from '@moba/contracts';
import { alertKeys } from '../../domain/job-alert-index';
import type { JobAlertDoc, JobAlertKeyDoc, JobAlertStore } from '../job-alert-store';

/** The index entries of an alert: one per month and crop, none when it is off or has no home seat. */
export function keyDocsOf(alert: JobAlertDoc): JobAlertKeyDoc[] {
  const { home } = alert;
  if (!alert.enabled || !home || !seatOf(home.municipality, home.region)) return [];
  return alertKeys(home, alert.radiusKm, alert.months, alert.crops).map(({ key, month, crop }) => ({
    _id: `${alert._id}|${month}|${crop}`,
    key,
    workerId: alert._id,
    jobActivities: alert.jobActivities,
    minDailyWage: alert.minDailyWage,
    sms: alert.sms,
  }));
}

/**
 * Files an alert in the index as it now is: its entries are written over (upserts by their derived
 * ids), then the entries of months it no longer wants go. Repeating it is harmless, so a crash in
 * between is mended by the next save of the same alert.
 */
export async function fileJobAlert(alerts: JobAlertStore, alert: JobAlertDoc): Promise<void> {
  const entries = keyDocsOf(alert);
  for (const { _id, ...entry } of entries)
    await alerts.keys.updateOne({ _id }, { $set: entry }, { upsert: true });
  await alerts.keys.deleteMany({ workerId: alert._id, _id: { $nin: entries.map((e) => e._id) } });
}

/**
 * Fills an empty index from the stored alerts: once, when the index is new (its key changed) and
 * alerts are already stored. Safe to repeat and to run in two instances at once (fileJobAlert is).
 * Resolves how many alerts it filed.
 */
export async function refileJobAlerts(alerts: JobAlertStore): Promise<number> {
  if ((await alerts.keys.count({})) > 0) return 0;
  const stored = await alerts.alerts.find({ enabled: true });
  for (const alert of stored) await fileJobAlert(alerts, alert);
  return stored.length;
}
