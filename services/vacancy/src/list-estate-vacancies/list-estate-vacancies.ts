import type { VacancyItem } from '@moba/contracts';
import type { AuthUser } from '@moba/platform';
import { toItem } from '../domain/vacancy';
import type { VacancyContext } from '../context';

/** The estate's own vacancies, active and past (not deleted), newest first; each item carries its status. */
export async function listEstateVacancies(ctx: VacancyContext, user: AuthUser): Promise<VacancyItem[]> {
  const docs = await ctx.store.vacancies.find(
    { estateId: user.id, deletedAt: { $exists: false } },
    { sort: { createdAt: -1 } },
  );
  return docs.map(toItem);
}
