import { seatOf } from '@moba/contracts';
import { mobaKeys, monthsBetween } from '../../domain/job-alert-grid';
import { jobAlertMatches } from '../../domain/job-alert-match';
import type { AlertMobaDoc, JobAlertStore } from '../job-alert-store';

export interface MatchingAlert {
  workerId: string;
  sms: boolean;
}

/**
 * The workers whose alert a moba meets: indexed lookups of the keys of the moba's seat, months and
 * crops, one per radius (never a scan of every alert), then the exact distance, wage, crop and activity checks on what it
 * returned. A worker filed under several of the moba's months or crops is told once.
 */
export async function findMatchingAlerts(
  alerts: JobAlertStore,
  moba: Pick<
    AlertMobaDoc,
    'municipality' | 'region' | 'crops' | 'jobActivities' | 'startDate' | 'endDate' | 'dailyWage'
  >,
): Promise<MatchingAlert[]> {
  const seat = seatOf(moba.municipality, moba.region);
  if (!seat) return [];
  const byRadius = mobaKeys(seat, monthsBetween(moba.startDate, moba.endDate), moba.crops);
  const found = await Promise.all(byRadius.map((keys) => alerts.keys.find({ key: { $in: keys } })));
  const offer = {
    seat,
    crops: moba.crops,
    ...(moba.jobActivities ? { jobActivities: moba.jobActivities } : {}),
    ...(moba.dailyWage !== undefined ? { dailyWage: moba.dailyWage } : {}),
  };
  const matched = new Map<string, MatchingAlert>();
  for (const entry of found.flat()) {
    if (matched.has(entry.workerId)) continue;
    if (jobAlertMatches({ ...entry, home: [entry.lat, entry.lng] }, offer))
      matched.set(entry.workerId, { workerId: entry.workerId, sms: entry.sms });
  }
  return [...matched.values()];
}
