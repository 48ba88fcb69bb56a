import type { VacancyContext } from '../context';

/**
 * Keeps the estate's name (from auth's UserRegistered / ProfileUpdated) for vacancy items and events;
 * a renamed estate's vacancies show the new name.
 */
export async function replicateEstate(
  ctx: VacancyContext,
  estate: { estateId: string; estateName: string },
): Promise<void> {
  await ctx.store.estates.updateOne(
    { _id: estate.estateId },
    { $set: { estateName: estate.estateName } },
    { upsert: true },
  );
  const renamed = await ctx.store.vacancies.updateMany(
    { estateId: estate.estateId, estateName: { $ne: estate.estateName } },
    { $set: { estateName: estate.estateName } },
  );
  if (renamed > 0) {
    for (const doc of await ctx.store.vacancies.find({ estateId: estate.estateId, status: 'Open' }))
      ctx.readModel.apply(doc);
  }
}
