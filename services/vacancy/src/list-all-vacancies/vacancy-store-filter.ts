import type { VacancyFilters } from '@moba/contracts';
import type { Filter, Sort } from '@moba/platform';

/**
 * The browse filters as a store query over vacancy documents (whose fields are the item's, see
 * toItem): the same rules as domain/filters.ts `matchesFilters`, except the distance limit, which
 * needs the place catalogue and stays in process. Not deleted; any status unless one is asked.
 */
export function vacancyStoreFilter(f: VacancyFilters): Filter {
  const all: Filter[] = [{ deletedAt: { $exists: false } }];
  const add = (condition: Filter) => all.push(condition);
  if (f.status !== undefined) add({ status: f.status });
  if (f.municipality !== undefined) add({ municipality: f.municipality });
  if (f.municipalities !== undefined) add({ municipality: { $in: f.municipalities } });
  if (f.region !== undefined) add({ region: f.region });
  if (f.district !== undefined) add({ district: f.district });
  if (f.crop !== undefined) add({ crops: f.crop });
  if (f.jobActivity !== undefined) add({ jobActivities: f.jobActivity });
  if (f.dateFrom !== undefined) add({ endDate: { $gte: f.dateFrom } });
  if (f.dateTo !== undefined) add({ startDate: { $lte: f.dateTo } });
  if (f.paymentType !== undefined) add({ paymentType: f.paymentType });
  if (f.minDailyWage !== undefined) {
    add({ paymentType: 'DailyWage' });
    // A daily wage not given counts as 0, which only a minimum of 0 lets through.
    if (f.minDailyWage > 0) add({ dailyWage: { $gte: f.minDailyWage } });
  }
  if (f.foodProvided !== undefined) add({ foodProvided: f.foodProvided });
  if (f.transportProvided !== undefined) add({ transportProvided: f.transportProvided });
  if (f.accommodationProvided !== undefined) add({ accommodationProvided: f.accommodationProvided });
  if (f.groupLeadersAccepted !== undefined) add({ groupLeadersAccepted: f.groupLeadersAccepted });
  if (f.onlyWithFreePositions) add({ freePositions: { $gt: 0 } });
  if (f.verifiedOnly) add({ estateVerified: true });
  return all.length === 1 ? all[0] : { $and: all };
}

/** domain/filters.ts `compareForBrowse` as a store sort: featured first, then newest, then by id. */
export const browseSort: Sort = { featured: -1, createdAt: -1, _id: -1 };
