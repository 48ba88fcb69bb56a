import { distanceBetweenKm, type VacancyFilters, type VacancyItem } from '@moba/contracts';

/** The item with its great-circle km from `near` (seat to seat), when both seats are known. */
export function withDistance(item: VacancyItem, near: VacancyFilters['near']): VacancyItem {
  const km = near ? distanceBetweenKm(near, item) : undefined;
  return km === undefined ? item : { ...item, distanceKm: km };
}

/**
 * Whether an item passes the browse filters: the reference rules. The read model runs them compiled
 * (compileFilters), the admin list as a store query (list-all-vacancies/vacancy-store-filter.ts);
 * read-model.test and admin-all-vacancies.test hold both to this predicate.
 */
export function matchesFilters(item: VacancyItem, f: VacancyFilters): boolean {
  if (f.municipality !== undefined && item.municipality !== f.municipality) return false;
  if (f.municipalities !== undefined && !f.municipalities.includes(item.municipality)) return false;
  if (f.region !== undefined && item.region !== f.region) return false;
  if (f.district !== undefined && item.district !== f.district) return false;
  if (f.crop !== undefined && !item.crops.includes(f.crop)) return false;
  if (f.jobActivity !== undefined && !item.jobActivities.includes(f.jobActivity)) return false;
  if (f.dateFrom !== undefined && item.endDate < f.dateFrom) return false;
  if (f.dateTo !== undefined && item.startDate > f.dateTo) return false;
  if (f.paymentType !== undefined && item.paymentType !== f.paymentType) return false;
  if (
    f.minDailyWage !== undefined &&
    (item.paymentType !== 'DailyWage' || (item.dailyWage ?? 0) < f.minDailyWage)
  )
    return false;
  if (f.foodProvided !== undefined && item.foodProvided !== f.foodProvided) return false;
  if (f.transportProvided !== undefined && item.transportProvided !== f.transportProvided) return false;
  if (f.accommodationProvided !== undefined && item.accommodationProvided !== f.accommodationProvided)
    return false;
  if (f.groupLeadersAccepted !== undefined && item.groupLeadersAccepted !== f.groupLeadersAccepted)
    return false;
  if (f.onlyWithFreePositions && item.freePositions <= 0) return false;
  if (f.verifiedOnly && item.estateVerified !== true) return false;
  if (f.status !== undefined && item.status !== f.status) return false;
  if (
    f.near &&
    f.withinKm !== undefined &&
    !((withDistance(item, f.near).distanceKm ?? Infinity) <= f.withinKm)
  )
    return false;
  return true;
}

type Check = (item: VacancyItem) => boolean;

/**
 * The filters compiled to the checks they need (the read model runs them over thousands of items per
 * request, so absent filters cost nothing). Same rules as matchesFilters.
 */
export function compileFilters(f: VacancyFilters): Check {
  const checks: Check[] = [];
  if (f.municipality !== undefined) checks.push((i) => i.municipality === f.municipality);
  if (f.municipalities !== undefined) {
    const set = new Set(f.municipalities);
    checks.push((i) => set.has(i.municipality));
  }
  if (f.region !== undefined) checks.push((i) => i.region === f.region);
  if (f.district !== undefined) checks.push((i) => i.district === f.district);
  if (f.crop !== undefined) checks.push((i) => i.crops.includes(f.crop!));
  if (f.jobActivity !== undefined) checks.push((i) => i.jobActivities.includes(f.jobActivity!));
  if (f.dateFrom !== undefined) checks.push((i) => i.endDate >= f.dateFrom!);
  if (f.dateTo !== undefined) checks.push((i) => i.startDate <= f.dateTo!);
  if (f.paymentType !== undefined) checks.push((i) => i.paymentType === f.paymentType);
  if (f.minDailyWage !== undefined)
    checks.push((i) => i.paymentType === 'DailyWage' && (i.dailyWage ?? 0) >= f.minDailyWage!);
  if (f.foodProvided !== undefined) checks.push((i) => i.foodProvided === f.foodProvided);
  if (f.transportProvided !== undefined) checks.push((i) => i.transportProvided === f.transportProvided);
  if (f.accommodationProvided !== undefined)
    checks.push((i) => i.accommodationProvided === f.accommodationProvided);
  if (f.groupLeadersAccepted !== undefined)
    checks.push((i) => i.groupLeadersAccepted === f.groupLeadersAccepted);
  if (f.onlyWithFreePositions) checks.push((i) => i.freePositions > 0);
  if (f.verifiedOnly) checks.push((i) => i.estateVerified === true);
  if (f.status !== undefined) checks.push((i) => i.status === f.status);
  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0];
  return (item) => {
    for (const check of checks) if (!check(item)) return false;
    return true;
  };
}

/** What the browse orders compare: an item, or just the fields they read. */
type Ranked = Pick<VacancyItem, 'id' | 'featured' | 'createdAt' | 'distanceKm'>;

/** Nearest first (distanceKm set by withDistance; unknown last), then the browse order. */
export function compareByDistance(a: Ranked, b: Ranked): number {
  const byKm = (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity);
  return byKm !== 0 && !Number.isNaN(byKm) ? byKm : compareForBrowse(a, b);
}

/** Featured first, then newest. */
export function compareForBrowse(a: Ranked, b: Ranked): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function pageOfItems(items: VacancyItem[], f: Pick<VacancyFilters, 'page' | 'pageSize'>) {
  const start = (f.page - 1) * f.pageSize;
  return {
    items: items.slice(start, start + f.pageSize),
    total: items.length,
    page: f.page,
    pageSize: f.pageSize,
  };
}
