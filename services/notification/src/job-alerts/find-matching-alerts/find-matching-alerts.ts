import { seatOf } from '@moba/contracts';
import { chunked } from '@moba/platform';
import { mobaKeys, monthsBetween } from '../../domain/job-alert-index';
import { jobAlertWishesMet } from '../../domain/job-alert-match';
import type { AlertMobaDoc, JobAlertStore } from '../job-alert-store';

/**
 * Keys per query. NeDB checks `$in` on each entry it finds by walking the list, and PostgreSQL plans
 * a long list slowly (its jsonpath arm), so a moba's few hundred keys go as several short lookups at
 * once (measured with Zemun's 620 keys: 32–64 a lookup took half the CPU of one list per radius).
 */
const KEYS_PER_LOOKUP = 48;

export interface MatchingAlert {
  workerId: string;
  sms: boolean;
}

/**
 * The workers whose alert a moba meets: indexed lookups of the keys of the homes within each radius
 * of the moba's seat, in its months, for its crops (never a scan of every alert), then the wage and
 * activity checks. A worker filed under several of the moba's months or crops is told once.
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
  const keys = mobaKeys(seat, monthsBetween(moba.startDate, moba.endDate), moba.crops);
  // Whole entries: they hold little beyond what the checks read, and a projection costs PostgreSQL
  // more per row (jsonb_each) than sending the rest.
  const found = await Promise.all(
    chunked(keys, KEYS_PER_LOOKUP).map((some) => alerts.keys.find({ key: { $in: some } })),
  );
  const matched = new Map<string, MatchingAlert>();
  for (const entries of found)
    for (const entry of entries)
      if (!matched.has(entry.workerId) && jobAlertWishesMet(entry, moba))
        matched.set(entry.workerId, { workerId: entry.workerId, sms: entry.sms });
  return [...matched.values()];
}
