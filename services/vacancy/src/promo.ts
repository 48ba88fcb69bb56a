import { inPromo } from './domain/vacancy';
import { todayOf, type VacancyContext } from './context';

/**
 * The promo features an estate's first vacancy for free (spec §1). The estate document remembers
 * which vacancy that is; it is claimed when the first vacancy is created during the promo.
 */
const promoToday = (ctx: VacancyContext) =>
  inPromo(todayOf(ctx), { start: ctx.config.PROMO_START, end: ctx.config.PROMO_END });

/** Atomically makes this vacancy the estate's promo vacancy; true only for the estate's first one in the promo. */
export async function claimPromo(ctx: VacancyContext, estateId: string, vacancyId: string): Promise<boolean> {
  if (!promoToday(ctx)) return false;
  const claimed = await ctx.store.estates.findOneAndUpdate(
    { _id: estateId, firstPromoVacancyId: { $exists: false } },
    { $set: { firstPromoVacancyId: vacancyId } },
  );
  return claimed !== null;
}

/** Whether a vacancy may still be featured for free: it is its estate's promo vacancy and the promo runs. */
export async function isPromoVacancy(ctx: VacancyContext, estateId: string, vacancyId: string) {
  if (!promoToday(ctx)) return false;
  const estate = await ctx.store.estates.findOne({ _id: estateId });
  return estate?.firstPromoVacancyId === vacancyId;
}

/** What the promo still offers the estate: a free featuring for its first vacancy, new or published. */
export async function promoOffer(
  ctx: VacancyContext,
  estateId: string,
): Promise<{ freeForNew: boolean; freeVacancyId: string | null }> {
  if (!promoToday(ctx)) return { freeForNew: false, freeVacancyId: null };
  const estate = await ctx.store.estates.findOne({ _id: estateId });
  if (!estate?.firstPromoVacancyId) return { freeForNew: true, freeVacancyId: null };
  const first = await ctx.store.vacancies.findOne({
    _id: estate.firstPromoVacancyId,
    deletedAt: { $exists: false },
  });
  const takesIt = first && !first.featured && first.featuring === 'none' && first.status === 'Open';
  return { freeForNew: false, freeVacancyId: takesIt ? first._id : null };
}
