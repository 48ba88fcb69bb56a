import { seatOf } from '@moba/contracts';
import { alertKeys } from '../../domain/job-alert-grid';
import type { JobAlertDoc, JobAlertKeyDoc, JobAlertStore } from '../job-alert-store';

/** The index entries of an alert: one per month and crop, none when it is off or has no home seat. */
export function keyDocsOf(alert: JobAlertDoc): JobAlertKeyDoc[] {
  const seat = alert.home ? seatOf(alert.home.municipality, alert.home.region) : undefined;
  if (!alert.enabled || !seat) return [];
  return alertKeys(seat, alert.radiusKm, alert.months, alert.crops).map(({ key, month, crop }) => ({
    _id: `${alert._id}|${month}|${crop}`,
    key,
    workerId: alert._id,
    lat: seat[0],
    lng: seat[1],
    radiusKm: alert.radiusKm,
    crops: alert.crops,
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
