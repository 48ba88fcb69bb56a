import type { TakePlaceResult } from '@moba/contracts';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import { completeAcceptance } from '../accept-application/accept-application';
import { openOfferOf } from '../release-places/offer-standby';

/**
 * A pending worker takes a freed place offered to them (issue #31 standby): the acceptance goes
 * through places/ like an admin's (one atomic claim decides who gets the last place: the first to
 * take it; the others are refused NO_FREE_POSITIONS), also on a moba closed because it was full or
 * has started. Only with an open offer naming the application. A repeat after success answers the
 * same outcome.
 */
export async function takePlace(
  ctx: AppContext,
  workerId: string,
  applicationId: string,
): Promise<TakePlaceResult> {
  const application = await ctx.store.applications.findOne({ _id: applicationId, guest: false });
  if (!application || application.workerId !== workerId) throw errors.applicationNotFound();
  if (application.status === 'Accepted') {
    const vacancy = await ctx.store.vacancies.findOne({ _id: application.vacancyId });
    return {
      applicationId,
      status: 'Accepted',
      positions: application.positions,
      freePositions: vacancy?.freePositions ?? 0,
    };
  }
  if (application.status !== 'Pending') throw errors.notPending();
  const offer = await openOfferOf(ctx, application);
  if (!offer) {
    const vacancy = await ctx.store.vacancies.findOne({ _id: application.vacancyId });
    const offered = await ctx.store.standbyOffers.find({ vacancyId: application.vacancyId });
    const wasOffered = offered.some((o) => o.applicationIds.includes(applicationId));
    if (wasOffered && vacancy && vacancy.freePositions < application.positions)
      throw errors.noFreePositions();
    throw errors.noStandbyOffer();
  }
  const accepted = await completeAcceptance(ctx, application, () => [], undefined, {
    statuses: ['Open', 'Closed'],
  });
  return {
    applicationId,
    status: 'Accepted',
    positions: accepted.positions,
    freePositions: accepted.freePositions,
  };
}
