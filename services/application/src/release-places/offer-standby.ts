import { StandbyOffered, topics } from '@moba/contracts';
import { DuplicateKeyError, withEvents } from '@moba/platform';
import type { AppContext } from '../context';
import { settlePlaces } from '../places/places';
import type { ApplicationDoc, StandbyOfferDoc } from '../store';
import { fittingStandby } from '../domain/standby';

/** At most this many pending applicants hear of one freed place (the earliest ones). */
export const STANDBY_OFFER_MAX = 100;

/**
 * Places were given back (PlacesReleased): make sure the claim followed the application (should the
 * release have stopped before it did), then offer the free places to the pending applicants of the
 * moba, in the order they applied, each only if its positions fit (a crew only whole). One offer per
 * release event (`_id` = release:<eventId>, insert-once with its StandbyOffered): a redelivery offers
 * nothing twice. Resolves the offer made, if any.
 */
export async function offerStandby(
  ctx: AppContext,
  release: { eventId: string; applicationId: string; vacancyId: string },
): Promise<StandbyOfferDoc | null> {
  await settlePlaces(ctx, { _id: release.applicationId, vacancyId: release.vacancyId });
  const vacancy = await ctx.store.vacancies.findOne({ _id: release.vacancyId });
  if (!vacancy || vacancy.deleted || vacancy.held || vacancy.status === 'Finished') return null;
  if (vacancy.freePositions <= 0) return null;
  const pending = await ctx.store.applications.find(
    { vacancyId: vacancy._id, guest: false, status: 'Pending' },
    { sort: { submittedAt: 1 } },
  );
  const offered = fittingStandby(pending, vacancy.freePositions).slice(0, STANDBY_OFFER_MAX);
  if (offered.length === 0) return null;
  const offer: StandbyOfferDoc = {
    _id: `release:${release.eventId}`,
    vacancyId: vacancy._id,
    applicationIds: offered.map((a) => a._id),
    freePositions: vacancy.freePositions,
    offeredAt: ctx.clock.now().toISOString(),
  };
  const event = StandbyOffered.create(vacancy._id, {
    offerId: offer._id,
    vacancyId: vacancy._id,
    estateId: vacancy.estateId,
    title: vacancy.title,
    freePositions: vacancy.freePositions,
    offers: offered.map((a: ApplicationDoc) => ({
      applicationId: a._id,
      workerId: a.workerId!,
      positions: a.positions,
    })),
  });
  try {
    await ctx.store.standbyOffers.insertOne(withEvents(offer, [{ topic: topics.application, event }]));
  } catch (error) {
    if (error instanceof DuplicateKeyError) return ctx.store.standbyOffers.findOne({ _id: offer._id });
    throw error;
  }
  ctx.relay.kick();
  return offer;
}

/**
 * The open offer of a pending application: the latest offer naming it, while the moba still has
 * enough free places for it. Null: nothing is on offer.
 */
export async function openOfferOf(ctx: AppContext, application: ApplicationDoc) {
  if (application.status !== 'Pending' || application.guest) return null;
  const vacancy = await ctx.store.vacancies.findOne({ _id: application.vacancyId });
  if (!vacancy || vacancy.deleted || vacancy.held || vacancy.status === 'Finished') return null;
  if (vacancy.freePositions < application.positions) return null;
  const offers = await ctx.store.standbyOffers.find(
    { vacancyId: application.vacancyId },
    { sort: { offeredAt: -1 } },
  );
  const offer = offers.find((o) => o.applicationIds.includes(application._id));
  return offer ? { offeredAt: offer.offeredAt, freePositions: vacancy.freePositions } : null;
}

/** The open offers of a worker's applications (My mobas), by application id. */
export async function standbyOffersOf(ctx: AppContext, applications: ApplicationDoc[]) {
  const open = new Map<string, { offeredAt: string; freePositions: number }>();
  for (const application of applications.filter((a) => a.status === 'Pending')) {
    const offer = await openOfferOf(ctx, application);
    if (offer) open.set(application._id, offer);
  }
  return open;
}
