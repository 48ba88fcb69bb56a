import type { AppContext } from '../context';
import { isStaleClaim } from '../domain/places';
import { publishPlaces, settlePlaces } from '../places/places';

/**
 * The job that catches what a crash or an outage left between a claim and its decision: on every
 * vacancy still taking part (not deleted, not finished), each claim is settled against its
 * application (a claim of a rejected, closed or vanished application, or a pending one's claim older
 * than any acceptance takes, is given back) and each accepted application holds its places. Every
 * step is a compare-and-set, so two instances running it at once do no harm. Resolves how many
 * claims it changed.
 */
export async function reconcilePlaces(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const vacancies = await ctx.store.vacancies.find({ deleted: false, status: { $ne: 'Finished' } });
  let changed = 0;
  for (const vacancy of vacancies) {
    const claims = vacancy.claims ?? {};
    const accepted = await ctx.store.applications.find({ vacancyId: vacancy._id, status: 'Accepted' });
    const acceptedIds = new Set(accepted.map((application) => application._id));
    for (const applicationId of Object.keys(claims)) {
      if (acceptedIds.has(applicationId)) continue;
      const stale = isStaleClaim(vacancy.claimedAt?.[applicationId], now);
      if (await settled(ctx, { _id: applicationId, vacancyId: vacancy._id }, { stale })) changed++;
    }
    for (const application of accepted)
      if (claims[application._id] !== application.positions && (await settled(ctx, application))) changed++;
    // A change of places whose report a crash skipped is reported now (VacancyPlacesChanged).
    await publishPlaces(ctx, vacancy._id);
  }
  return changed;
}

async function settled(
  ctx: AppContext,
  application: { _id: string; vacancyId: string },
  pending: { stale?: boolean } = {},
) {
  const before = await claimOf(ctx, application);
  await settlePlaces(ctx, application, pending);
  const after = await claimOf(ctx, application);
  if (before === after) return false;
  ctx.logger.warn({ ...application, before, after }, 'reconciliation settled the places of an application');
  return true;
}

const claimOf = async (ctx: AppContext, application: { _id: string; vacancyId: string }) =>
  (await ctx.store.vacancies.findOne({ _id: application.vacancyId }))?.claims?.[application._id];
