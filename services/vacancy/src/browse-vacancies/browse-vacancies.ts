import {
  VACANCY_PREVIEW_SIZE,
  vacancyFiltersSchema,
  vacancyPreviewSchema,
  type VacancyFilters,
  type VacancyPreview,
} from '@moba/contracts';
import { parseInput } from '@moba/platform';
import { toItem } from '../domain/vacancy';
import { compareForBrowse, matchesFilters, pageOfItems } from '../domain/filters';
import type { VacancyContext } from '../context';

export const parseFilters = (body: unknown): VacancyFilters => parseInput(vacancyFiltersSchema, body ?? {});

/** Open vacancies for workers (and the admin "open" list): answered from the read model, with an ETag. */
export function browseOpenVacancies(ctx: VacancyContext, body: unknown) {
  const filters = parseFilters(body);
  return ctx.readModel.page({ ...filters, status: undefined });
}

/** The home page's few open mobas with free places, featured first, with only their public fields. */
export function previewOpenVacancies(ctx: VacancyContext): VacancyPreview {
  const page = ctx.readModel.query(
    parseFilters({ page: 1, pageSize: VACANCY_PREVIEW_SIZE, onlyWithFreePositions: true }),
  );
  return vacancyPreviewSchema.parse({ items: page.items, total: page.total });
}

/** Every vacancy (any status, not deleted) for the admin, with the same filters; read from the store. */
export async function listAllVacancies(ctx: VacancyContext, body: unknown) {
  const filters = parseFilters(body);
  const docs = await ctx.store.vacancies.find({
    deletedAt: { $exists: false },
    ...(filters.status ? { status: filters.status } : {}),
  });
  const items = docs
    .map(toItem)
    .filter((item) => matchesFilters(item, filters))
    .sort(compareForBrowse);
  return pageOfItems(items, filters);
}
