import {
  daysBetween,
  districtOf,
  isKnownMunicipality,
  regions,
  type Proximity,
  type QueueFilter,
} from '@moba/contracts';

/** Pure rules of the admin's queue: filters, urgency, proximity, months, percentiles. */

export interface FilterableVacancy {
  municipality: string;
  district?: string | null;
  crops?: string[];
  startDate: string;
}

/** Whether a moba passes the queue's filters (a filter not given passes everything). */
export function matchesQueueFilter(vacancy: FilterableVacancy, filter: Omit<QueueFilter, 'sort'>): boolean {
  if (filter.municipality !== undefined && vacancy.municipality !== filter.municipality) return false;
  if (filter.district !== undefined && districtOfVacancy(vacancy) !== filter.district) return false;
  if (filter.startFrom !== undefined && vacancy.startDate < filter.startFrom) return false;
  if (filter.startTo !== undefined && vacancy.startDate > filter.startTo) return false;
  if (filter.crop !== undefined && !(vacancy.crops ?? []).includes(filter.crop)) return false;
  return true;
}

/** Whether any filter on the moba itself is set (an application whose moba is unknown then cannot match). */
export const filtersVacancy = (filter: Omit<QueueFilter, 'sort'>) =>
  filter.municipality !== undefined ||
  filter.district !== undefined ||
  filter.startFrom !== undefined ||
  filter.startTo !== undefined ||
  filter.crop !== undefined;

const districtOfVacancy = (vacancy: FilterableVacancy) =>
  vacancy.district ?? districtOf(vacancy.municipality);

/** A moba starting today or tomorrow with places still free: the team must fill it now. */
export function isUrgent(
  vacancy: { startDate: string; freePositions: number; status: string },
  today: string,
): boolean {
  const days = daysBetween(today, vacancy.startDate);
  return vacancy.status === 'Open' && vacancy.freePositions > 0 && days >= 0 && days <= 1;
}

/** The calendar months (1-12) a moba runs in, from its start to its end date. */
export function monthsBetween(startDate: string, endDate: string): number[] {
  const months: number[] = [];
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  const endYear = Number(endDate.slice(0, 4));
  const endMonth = Number(endDate.slice(5, 7));
  while ((year < endYear || (year === endYear && month <= endMonth)) && months.length < 12) {
    months.push(month);
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year += 1;
  }
  return months;
}

export const regionOf = (municipality: string) =>
  regions.find((region) => isKnownMunicipality(municipality, region));

/** How near two places are, coarsest last: same municipality, same district (Serbia), same country. */
export function proximityOf(from: string | null, to: string): Proximity {
  if (!from) return 'elsewhere';
  if (from === to) return 'municipality';
  const district = districtOf(from);
  if (district !== undefined && district === districtOf(to)) return 'district';
  const region = regionOf(from);
  if (region !== undefined && region === regionOf(to)) return 'region';
  return 'elsewhere';
}
export const proximityRank: Record<Proximity, number> = {
  municipality: 0,
  district: 1,
  region: 2,
  elsewhere: 3,
};

/** The nearest-rank percentile of the values (null when there are none). */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i <= daysBetween(from, to); i += 1)
    days.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  return days;
}

/** A day `n` days after (negative: before) an ISO date. */
export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
