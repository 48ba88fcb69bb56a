import { greatCircleKm, type LatLng } from '@moba/contracts';

/** What an indexed alert wants, as filed under one of its keys. */
export interface AlertWishes {
  workerId: string;
  home: LatLng;
  radiusKm: number;
  crops: readonly string[];
  jobActivities: readonly string[];
  minDailyWage: number;
}

/** What a moba offers, as far as alerts ask. */
export interface MobaOffer {
  seat: LatLng;
  crops: readonly string[];
  /** Undefined when the moba's event predates the field: then any activity wish is met. */
  jobActivities?: readonly string[];
  /** Undefined for a moba paid by the norm. */
  dailyWage?: number;
}

const anyOf = (wanted: readonly string[], offered: readonly string[] | undefined) =>
  wanted.length === 0 || offered === undefined || wanted.some((item) => offered.includes(item));

/**
 * The wishes the index key does not settle: one of the wanted activities (an empty wish: any) and a
 * daily wage at least the wanted minimum (a minimum of 0: any pay, the norm included).
 */
export function jobAlertWishesMet(
  alert: Pick<AlertWishes, 'jobActivities' | 'minDailyWage'>,
  moba: Pick<MobaOffer, 'jobActivities' | 'dailyWage'>,
): boolean {
  if (alert.minDailyWage > 0 && (moba.dailyWage === undefined || moba.dailyWage < alert.minDailyWage))
    return false;
  return anyOf(alert.jobActivities, moba.jobActivities);
}

/**
 * Whether a moba meets an alert (in one of its months): within the radius of the worker's home seat,
 * one of the wanted crops, and the wishes of jobAlertWishesMet. The alert index answers this rule
 * without scanning (domain/job-alert-index); its tests hold it to this statement.
 */
export function jobAlertMatches(alert: AlertWishes, moba: MobaOffer): boolean {
  if (greatCircleKm(alert.home, moba.seat) > alert.radiusKm) return false;
  return anyOf(alert.crops, moba.crops) && jobAlertWishesMet(alert, moba);
}
