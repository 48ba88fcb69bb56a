import { z } from 'zod';
import { crops } from './reference';
import { legalMinimumDailyWage, minimumWageOn } from './minimum-wage';

/**
 * Scam-proof listings: a new moba is held for an admin's review (status 'Review', before Open) when
 *
 * - its daily wage is below the legal minimum for the hours given (minimum-wage.ts: the minimum net
 *   hourly wage by the date it applies from, with its legal source), on the moba's first day; or
 * - it harvests a crop outside the crop's harvest months (reference crops' `harvestMonths`): none of
 *   its days falls in them. Only harvest work is checked: pruning raspberries in November is normal.
 *
 * Pure: the vacancy service decides with it, and the estate's form can warn with the same rule.
 */
export const reviewReasonSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('below_minimum_wage'),
    dailyWage: z.number(),
    minimum: z.number(),
    netRsdPerHour: z.number(),
    source: z.string(),
  }),
  z.object({ code: z.literal('out_of_season'), crop: z.string(), harvestMonths: z.array(z.number().int()) }),
  z.object({ code: z.literal('reported'), reports: z.number().int() }),
]);
export type ReviewReason = z.infer<typeof reviewReasonSchema>;

/** Job activities that harvest a crop (only these are checked against its harvest months). */
export const harvestActivities = [
  'berba-branje',
  'zetva',
  'sakupljanje-otresenog-voca',
  'vadjenje-krompira-secerne-repe',
];

export interface ListingFacts {
  paymentType: string;
  dailyWage?: number;
  hoursPerDay: number;
  startDate: string;
  endDate: string;
  crops: readonly string[];
  jobActivities: readonly string[];
}

/** The calendar months (1–12) a run of days touches. */
export function monthsBetween(startDate: string, endDate: string): Set<number> {
  const months = new Set<number>();
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  const endYear = Number(endDate.slice(0, 4));
  const endMonth = Number(endDate.slice(5, 7));
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.add(month);
    if (months.size === 12) break;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
  return months;
}

export type BelowMinimumWage = Extract<ReviewReason, { code: 'below_minimum_wage' }>;

/** A daily wage below the legal minimum for its hours on the first day (the form warns with it too). */
export function belowMinimumWage(
  listing: Pick<ListingFacts, 'paymentType' | 'dailyWage' | 'hoursPerDay' | 'startDate'>,
): BelowMinimumWage | undefined {
  if (listing.paymentType !== 'DailyWage' || listing.dailyWage === undefined) return undefined;
  const minimum = legalMinimumDailyWage(listing.hoursPerDay, listing.startDate);
  if (listing.dailyWage >= minimum) return undefined;
  const period = minimumWageOn(listing.startDate);
  return {
    code: 'below_minimum_wage',
    dailyWage: listing.dailyWage,
    minimum,
    netRsdPerHour: period.netRsdPerHour,
    source: period.source,
  };
}

/** Why a new listing must wait for an admin; empty: it may open at once. */
export function reviewReasons(listing: ListingFacts): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  const lowWage = belowMinimumWage(listing);
  if (lowWage) reasons.push(lowWage);
  if (listing.jobActivities.some((a) => harvestActivities.includes(a))) {
    const months = monthsBetween(listing.startDate, listing.endDate);
    for (const id of listing.crops) {
      const harvestMonths = crops.find((c) => c.id === id)?.harvestMonths;
      if (harvestMonths && !harvestMonths.some((m) => months.has(m)))
        reasons.push({ code: 'out_of_season', crop: id, harvestMonths });
    }
  }
  return reasons;
}
