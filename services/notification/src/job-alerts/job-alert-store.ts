import type { DocumentStore } from '@moba/platform';
import type { Region } from '@moba/contracts';

/** A worker's job alert settings (`_id` = workerId). `home`: from the profile, null without a municipality. */
export interface JobAlertDoc {
  _id: string;
  enabled: boolean;
  crops: string[];
  jobActivities: string[];
  radiusKm: number;
  months: number[];
  minDailyWage: number;
  sms: boolean;
  home: { municipality: string; region: Region } | null;
  updatedAt: string;
}

/**
 * One entry of the alert index (`_id` = `${workerId}|${month}|${crop}`): the key it is filed under
 * (domain/job-alert-index: radius, home, month, crop) and the wishes a key does not settle, checked
 * after the lookup, so a match needs one query. Only an enabled alert with a known home has entries.
 */
export interface JobAlertKeyDoc {
  _id: string;
  key: string;
  workerId: string;
  jobActivities: string[];
  minDailyWage: number;
  sms: boolean;
}

/**
 * What alerts ask of a moba (from VacancyCreated), `_id` = vacancyId. `toldAt`: when every matching
 * worker had been told; a moba is told once, however often it becomes Open again.
 */
export interface AlertMobaDoc {
  _id: string;
  title: string;
  municipality: string;
  region: Region;
  crops: string[];
  jobActivities?: string[];
  startDate: string;
  endDate: string;
  dailyWage?: number;
  toldAt?: string;
}

/** Job alert SMS queued for one worker on one day of Europe/Belgrade (`_id` = `${day}|${workerId}`). */
export interface JobAlertSmsCountDoc {
  _id: string;
  day: string;
  count: number;
}

export async function openJobAlertStore(store: DocumentStore) {
  return {
    alerts: await store.collection<JobAlertDoc>('job_alerts'),
    // job_alert_keys held the entries of the index by seat cell (before 2026-11-26); refileJobAlerts fills this one.
    keys: await store.collection<JobAlertKeyDoc>('job_alert_index', {
      indexes: [{ fields: ['key'] }, { fields: ['workerId'] }],
    }),
    mobas: await store.collection<AlertMobaDoc>('job_alert_mobas'),
    smsCounts: await store.collection<JobAlertSmsCountDoc>('job_alert_sms_counts', {
      indexes: [{ fields: ['day'] }],
    }),
  };
}
export type JobAlertStore = Awaited<ReturnType<typeof openJobAlertStore>>;
