import { districtOf, type ReportSignal } from '@moba/contracts';

/**
 * How much a worker's report of a moba weighs, and when the reports hide it from browse.
 *
 * Accounts cost nothing, so a count of reports lets three fresh accounts hide any honest listing. A
 * report weighs by what the reporter has at stake: every report 1, plus 1 for a confirmed e-mail, 2
 * for an account older than ESTABLISHED_AFTER_DAYS, 1 for an application to a moba in the listing's
 * municipality or district, 3 for having been accepted on a moba. New accounts (neither established
 * nor accepted anywhere) together count at most NEW_ACCOUNTS_MAX, so they never hide a listing on
 * their own, and no single reporter can (the most one weighs is below WEIGHT_TO_HIDE).
 *
 * Only reports made after the admin's last decision count: once an admin keeps a moba, the reports
 * it was kept against are settled (each worker reports a moba once, so only new reporters can add
 * weight), and each keep raises the bar by WEIGHT_TO_HIDE_RAISE. Every report still puts the moba in
 * the admin's queue; the weight only decides whether it leaves browse before an admin looks.
 */
export const REPORT_WEIGHTS: Record<'base' | ReportSignal, number> = {
  base: 1,
  email_confirmed: 1,
  established: 2,
  applied_nearby: 1,
  worked: 3,
};
export const ESTABLISHED_AFTER_DAYS = 30;
export const WEIGHT_TO_HIDE = 10;
export const WEIGHT_TO_HIDE_RAISE = 5;
export const NEW_ACCOUNTS_MAX = 4;

/** What the vacancy service knows of a worker who reports (replicated from auth and application events). */
export interface ReporterStanding {
  registeredAt?: string;
  emailConfirmed?: boolean;
  /** Municipalities of the mobas the worker applied to. */
  appliedIn?: readonly string[];
  /** Mobas the worker was accepted on. */
  acceptedOn?: readonly string[];
}

export interface ReportWeight {
  weight: number;
  signals: ReportSignal[];
}

/** A report as stored: its weight was taken when it was made (reports from before weighing have none). */
export interface WeighedReport {
  reportedAt: string;
  weight?: number;
  signals?: readonly ReportSignal[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The weight of a report by this reporter of a moba in `municipality`, at `now`. Unknown: a fresh account. */
export function weighReporter(
  standing: ReporterStanding | undefined,
  listing: { municipality: string },
  now: Date,
): ReportWeight {
  const signals: ReportSignal[] = [];
  if (standing?.emailConfirmed) signals.push('email_confirmed');
  if (
    standing?.registeredAt &&
    now.getTime() - Date.parse(standing.registeredAt) >= ESTABLISHED_AFTER_DAYS * DAY_MS
  )
    signals.push('established');
  if (standing?.appliedIn?.some((place) => isNearby(place, listing.municipality)))
    signals.push('applied_nearby');
  if (standing?.acceptedOn?.length) signals.push('worked');
  return { weight: signals.reduce((sum, s) => sum + REPORT_WEIGHTS[s], REPORT_WEIGHTS.base), signals };
}

/** The same municipality, or two in the same district (okrug). */
function isNearby(a: string, b: string): boolean {
  if (a === b) return true;
  const district = districtOf(a);
  return district !== undefined && district === districtOf(b);
}

/** Whether a report counts toward hiding now: made after the admin's last decision (if any). */
export function countsSince(
  report: Pick<WeighedReport, 'reportedAt'>,
  decidedAt: string | undefined,
): boolean {
  return !decidedAt || report.reportedAt > decidedAt;
}

const isNewAccount = (report: WeighedReport) =>
  !report.signals?.includes('established') && !report.signals?.includes('worked');

/** A stored report's weight; one stored before reports were weighed counts as a fresh account's. */
export const weightOf = (report: WeighedReport): number => report.weight ?? REPORT_WEIGHTS.base;

/** The summed weight of the reports that count since the last decision, new accounts capped. */
export function hidingWeight(reports: readonly WeighedReport[], decidedAt: string | undefined): number {
  let fromNew = 0;
  let fromTrusted = 0;
  for (const report of reports) {
    if (!countsSince(report, decidedAt)) continue;
    if (isNewAccount(report)) fromNew += weightOf(report);
    else fromTrusted += weightOf(report);
  }
  return Math.min(fromNew, NEW_ACCOUNTS_MAX) + fromTrusted;
}

/** The weight that hides a moba an admin has kept `kept` times after reports. */
export function weightToHide(kept: number): number {
  return WEIGHT_TO_HIDE + kept * WEIGHT_TO_HIDE_RAISE;
}
