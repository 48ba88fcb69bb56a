import { distanceBetweenKm, type VacancyFilters } from '@moba/contracts';
import type { Filter } from '@moba/platform';
import { toItem } from '../domain/vacancy';
import { compareByDistance, compareForBrowse, withDistance } from '../domain/filters';
import { parseFilters, withPlace } from '../vacancy-filters';
import type { VacancyContext } from '../context';
import { browseSort, vacancyStoreFilter } from './vacancy-store-filter';

/**
 * POST /admin/vacancies/all: every vacancy (any status, not deleted) with the browse filters, in the
 * browse order, paged by the store. Distances need the place catalogue, so an order by distance or a
 * distance limit ranks in process — on the few fields that takes — and reads whole documents only for
 * the page.
 */
export async function listAllVacancies(ctx: VacancyContext, body: unknown) {
  const filters = withPlace(ctx, parseFilters(body));
  const query = vacancyStoreFilter(filters);
  const byDistance = filters.near && (filters.sort !== 'featured' || filters.withinKm !== undefined);
  const { total, docs } = byDistance
    ? await pageByDistance(ctx, query, filters)
    : await page(ctx, query, filters);
  return {
    items: docs.map((doc) => withDistance(toItem(doc), filters.near)),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.near ? { near: filters.near } : {}),
  };
}

const skipOf = (f: VacancyFilters) => (f.page - 1) * f.pageSize;

async function page(ctx: VacancyContext, query: Filter, filters: VacancyFilters) {
  const [total, docs] = await Promise.all([
    ctx.store.vacancies.count(query),
    ctx.store.vacancies.find(query, { sort: browseSort, skip: skipOf(filters), limit: filters.pageSize }),
  ]);
  return { total, docs };
}

async function pageByDistance(ctx: VacancyContext, query: Filter, filters: VacancyFilters) {
  const near = filters.near!;
  const rows = await ctx.store.vacancies.findFields(query, [
    'municipality',
    'region',
    'featured',
    'createdAt',
  ]);
  const ranked = rows
    .map((row) => ({ ...row, id: row._id, distanceKm: distanceBetweenKm(near, row) }))
    .filter((row) => filters.withinKm === undefined || (row.distanceKm ?? Infinity) <= filters.withinKm)
    .sort(filters.sort !== 'featured' ? compareByDistance : compareForBrowse);
  const ids = ranked.slice(skipOf(filters), skipOf(filters) + filters.pageSize).map((row) => row.id);
  const found = new Map((await ctx.store.vacancies.find({ _id: { $in: ids } })).map((doc) => [doc._id, doc]));
  // A vacancy deleted between the two reads is left out of the page.
  const docs = ids.flatMap((id) => found.get(id) ?? []);
  return { total: ranked.length, docs };
}
