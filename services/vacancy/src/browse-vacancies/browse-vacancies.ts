import {
  VACANCY_PREVIEW_SIZE,
  vacancyFiltersSchema,
  vacancyPreviewSchema,
  type OpenByCrop,
  type VacancyFilters,
  type VacancyPreview,
} from '@moba/contracts';
import { badRequest, parseInput, type AuthUser } from '@moba/platform';
import type { VacancyContext } from '../context';

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

/** Open vacancies for workers (and the admin "open" list): answered from the read model, with an ETag. */
export function browseOpenVacancies(ctx: VacancyContext, body: unknown, user?: AuthUser) {
  const filters = withPlace(ctx, parseFilters(body), user);
  return ctx.readModel.page({ ...filters, status: undefined });
}

/** The home page's few open mobas with free places, featured first, with only their public fields. */
export function previewOpenVacancies(ctx: VacancyContext): VacancyPreview {
  const page = ctx.readModel.query(
    parseFilters({ page: 1, pageSize: VACANCY_PREVIEW_SIZE, onlyWithFreePositions: true }),
  );
  return vacancyPreviewSchema.parse({ items: page.items, total: page.total });
}

/** GET /vacancies/open-by-crop: the Open mobas of each crop now (the public harvest calendar). */
export const openVacanciesByCrop = (ctx: VacancyContext): OpenByCrop => ({
  crops: ctx.readModel.openByCrop(),
});
