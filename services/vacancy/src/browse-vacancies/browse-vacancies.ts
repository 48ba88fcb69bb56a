import {
  VACANCY_PREVIEW_SIZE,
  vacancyPreviewSchema,
  type OpenByCrop,
  type VacancyPreview,
} from '@moba/contracts';
import type { AuthUser } from '@moba/platform';
import type { VacancyContext } from '../context';
import { parseFilters, withPlace } from '../vacancy-filters';

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
