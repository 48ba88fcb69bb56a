import {
  FAIR_PAY_MIN_MOBAS,
  FAIR_PAY_MONTHS,
  legalMinimumDailyWage,
  type FairPay,
  type VacancyItem,
} from '@moba/contracts';

/** What one published daily-wage moba tells about pay: the rows the medians are taken over. */
export interface WageSample {
  vacancyId: string;
  crops: string[];
  district?: string;
  dailyWage: number;
  /** The day it was published (YYYY-MM-DD). */
  day: string;
}

/** The sample of a published moba, if it pays a daily wage. */
export function wageSampleOf(v: {
  vacancyId: string;
  paymentType: string;
  dailyWage?: number;
  crops?: string[];
  district?: string;
  createdAt: string;
}): WageSample | undefined {
  if (v.paymentType !== 'DailyWage' || v.dailyWage === undefined) return undefined;
  return {
    vacancyId: v.vacancyId,
    crops: v.crops ?? [],
    ...(v.district ? { district: v.district } : {}),
    dailyWage: v.dailyWage,
    day: v.createdAt.slice(0, 10),
  };
}

/** The first day inside the look-back window ending today (12 months back, same day of the month). */
export function windowStart(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  const back = new Date(Date.UTC(y, m - 1 - FAIR_PAY_MONTHS, d));
  return back.toISOString().slice(0, 10);
}

/** The median of whole amounts (the mean of the middle two, rounded, for an even count). */
export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

export type Median = NonNullable<FairPay['median']>;

/**
 * The median for a crop: of the district when it has at least 5 mobas in the window, else of all
 * (from 5 up), else none. `samples` are the crop's samples.
 */
export function cropMedian(
  samples: readonly WageSample[],
  crop: string,
  district: string | undefined,
  today: string,
): Median | undefined {
  const from = windowStart(today);
  const inWindow = samples.filter((s) => s.day > from && s.day <= today);
  const local = district ? inWindow.filter((s) => s.district === district) : [];
  if (local.length >= FAIR_PAY_MIN_MOBAS)
    return { dailyWage: medianOf(local.map((s) => s.dailyWage)), mobas: local.length, crop, district };
  if (inWindow.length >= FAIR_PAY_MIN_MOBAS)
    return { dailyWage: medianOf(inWindow.map((s) => s.dailyWage)), mobas: inWindow.length, crop };
  return undefined;
}

/**
 * The fair-pay figures of a daily-wage moba: the legal minimum for its hours on its first day, and
 * the median of its first crop that has one. Undefined for other payment types.
 */
export function fairPayOf(
  item: Pick<VacancyItem, 'paymentType' | 'dailyWage' | 'hoursPerDay' | 'startDate' | 'crops' | 'district'>,
  medianFor: (crop: string, district: string | undefined) => Median | undefined,
): FairPay | undefined {
  if (item.paymentType !== 'DailyWage' || item.dailyWage === undefined) return undefined;
  const legalMinimum = legalMinimumDailyWage(item.hoursPerDay, item.startDate);
  let median: Median | undefined;
  for (const crop of item.crops) if ((median = medianFor(crop, item.district))) break;
  return { legalMinimum, meetsLegalMinimum: item.dailyWage >= legalMinimum, ...(median ? { median } : {}) };
}
