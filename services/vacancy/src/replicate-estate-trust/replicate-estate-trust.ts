import type { PromiseFigure } from '@moba/contracts';
import { DuplicateKeyError, type Filter } from '@moba/platform';
import type { VacancyContext } from '../context';

/**
 * The estate's trust facts on its vacancies (cards, details, the "verified only" filter), kept from
 * events so that redelivery and any arrival order end in the same state:
 *
 * - "promises kept" only grows (ratings are never removed), so the figure with the most jobs wins:
 *   it is the rating service's recount after the latest rating;
 * - verification is a switch an admin may flip back: the change with the latest `changedAt` wins.
 *
 * Each fact is written to the estate replica (new vacancies copy it) and to the estate's vacancies,
 * both guarded by the same rule, and the open ones are shown at once.
 */
export async function recordEstatePromises(ctx: VacancyContext, estateId: string, figure: PromiseFigure) {
  const newer = (field: string): Filter => ({
    $or: [{ [`${field}.jobs`]: { $lt: figure.jobs } }, { [field]: { $exists: false } }],
  });
  await upsertEstate(ctx, { _id: estateId, ...newer('promises') }, { promises: figure });
  await updateVacancies(ctx, { estateId, ...newer('estatePromises') }, { estatePromises: figure });
}

export async function recordEstateVerification(
  ctx: VacancyContext,
  change: { estateId: string; verified: boolean; changedAt: string },
) {
  const newer = (field: string): Filter => ({
    $or: [{ [field]: { $lt: change.changedAt } }, { [field]: { $exists: false } }],
  });
  await upsertEstate(
    ctx,
    { _id: change.estateId, ...newer('verifiedAt') },
    { verified: change.verified, verifiedAt: change.changedAt },
  );
  await updateVacancies(
    ctx,
    { estateId: change.estateId, ...newer('estateVerifiedAt') },
    { estateVerified: change.verified, estateVerifiedAt: change.changedAt },
  );
}

async function upsertEstate(ctx: VacancyContext, filter: Filter, set: Record<string, unknown>) {
  try {
    await ctx.store.estates.updateOne(filter, { $set: set }, { upsert: true });
  } catch (error) {
    // The estate holds a newer fact: the upsert met its _id; nothing to change.
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
}

async function updateVacancies(ctx: VacancyContext, filter: Filter, set: Record<string, unknown>) {
  const changed = await ctx.store.vacancies.updateMany(filter, { $set: set });
  if (changed === 0) return;
  const estateId = filter.estateId as string;
  for (const doc of await ctx.store.vacancies.find({ estateId, status: 'Open' })) ctx.readModel.apply(doc);
}
