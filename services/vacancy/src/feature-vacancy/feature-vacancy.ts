import {
  FEATURED_PRICE_RSD,
  idParamsSchema,
  topics,
  vacancyErrorCodes,
  VacancyFeatured,
  type FeatureVacancyResult,
  type FeaturingOffer,
} from '@moba/contracts';
import { conflict, notFound, parseInput, pushEvents, type AuthUser } from '@moba/platform';
import type { VacancyContext } from '../context';
import { promoOffer, takesPromo } from '../promo';

/** GET /estates/featuring-offer: what featuring costs this estate now. */
export async function featuringOffer(ctx: VacancyContext, user: AuthUser): Promise<FeaturingOffer> {
  return { priceRsd: FEATURED_PRICE_RSD, ...(await promoOffer(ctx, user.id)) };
}

/**
 * An estate asks to feature a vacancy it published earlier. Its promo vacancy (the first one, in the
 * promo period, or the first published after mobas held for review) is featured at once for free; any other becomes a paid featuring and stays Open until
 * the payment succeeds (the estate goes on to POST /payment/create, the payment service learns of the
 * change from VacancyFeatured). A paid featuring asked again answers the same, so a failed or
 * cancelled payment can be tried again. Someone else's vacancy answers 404 like a missing one.
 */
export async function featureVacancy(
  ctx: VacancyContext,
  user: AuthUser,
  params: unknown,
): Promise<FeatureVacancyResult> {
  const { id } = parseInput(idParamsSchema, params);
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc = await ctx.store.vacancies.findOne({ _id: id, deletedAt: { $exists: false } });
    if (!doc || doc.estateId !== user.id) throw notFound('vacancy');
    if (doc.featured) throw conflict(vacancyErrorCodes.ALREADY_FEATURED, 'the vacancy is already featured');
    if (doc.status !== 'Open' && doc.status !== 'Pending')
      throw conflict(vacancyErrorCodes.NOT_FEATURABLE, 'only an open vacancy can be featured');
    if (doc.featuring === 'paid') return { featured: false, featuring: 'paid' };

    const free = await takesPromo(ctx, user.id, id);
    const featuring = free ? 'free' : 'paid';
    const now = ctx.clock.now();
    const event = VacancyFeatured.create(
      id,
      {
        vacancyId: id,
        estateId: doc.estateId,
        featured: free,
        featuring,
        reason: free ? 'free' : 'requested',
      },
      { occurredAt: now },
    );
    const matched = await ctx.store.vacancies.updateOne(
      {
        _id: id,
        featuring: doc.featuring,
        featured: false,
        status: doc.status,
        deletedAt: { $exists: false },
      },
      pushEvents({ $set: { featuring, featured: free, sponsored: true } }, [
        { topic: topics.vacancy, event },
      ]),
    );
    if (matched === 0) continue; // changed meanwhile (a job, a payment): read again
    ctx.relay.kick();
    await ctx.readModel.refresh(id);
    ctx.logger.info(
      { vacancyId: id, estateId: user.id, featuring },
      'featuring asked for a published vacancy',
    );
    return { featured: free, featuring };
  }
  throw conflict(vacancyErrorCodes.NOT_FEATURABLE, 'the vacancy kept changing; try again');
}
