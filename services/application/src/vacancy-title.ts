import type { AppContext } from './context';

/** The vacancy's title from the replica, for the audit log's label (undefined when not replicated yet). */
export async function vacancyTitle(ctx: AppContext, vacancyId: string): Promise<string | undefined> {
  return (await ctx.store.vacancies.findOne({ _id: vacancyId }))?.title;
}
