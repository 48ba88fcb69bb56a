import { vacancyFiltersSchema, type VacancyFilters } from '@moba/contracts';
import { badRequest, parseInput, type AuthUser } from '@moba/platform';
import type { VacancyContext } from './context';

/* The filters of a vacancy list as browsing (workers, admin "open") and the admin's full list read them. */

export const parseFilters = (body: unknown): VacancyFilters => parseInput(vacancyFiltersSchema, body ?? {});

/**
 * The filters with the place distances are measured from: the one asked for, else for a worker the
 * municipality of their profile. A distance limit or a distance sort with no place is refused.
 */
export function withPlace(ctx: VacancyContext, filters: VacancyFilters, user?: AuthUser): VacancyFilters {
  const near = filters.near ?? (user?.role === 'Worker' ? ctx.workerPlaces.get(user.id) : undefined);
  if (!near && (filters.withinKm !== undefined || filters.sort === 'distance'))
    throw badRequest('VALIDATION', 'invalid near', [
      { field: 'near', code: 'required', message: 'a place to measure the distance from is required' },
    ]);
  return near ? { ...filters, near } : filters;
}
