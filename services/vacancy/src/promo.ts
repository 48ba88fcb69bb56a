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

/**
 * Whether featuring this vacancy now is the promo's free one: it is the estate's promo vacancy, or
 * the estate has none yet (its first mobas were held for review, none published featured) and this
 * one takes it. The promo runs in either case.
 */
export async function takesPromo(ctx: VacancyContext, estateId: string, vacancyId: string) {
  if (!promoToday(ctx)) return false;
  const estate = await ctx.store.estates.findOne({ _id: estateId });
  if (estate?.firstPromoVacancyId) return estate.firstPromoVacancyId === vacancyId;
  return (await claimPromo(ctx, estateId, vacancyId)) || isPromoVacancy(ctx, estateId, vacancyId);
}

async function isPromoVacancy(ctx: VacancyContext, estateId: string, vacancyId: string) {
  const estate = await ctx.store.estates.findOne({ _id: estateId });
  return estate?.firstPromoVacancyId === vacancyId;
}

/** An Open vacancy published without featuring, so it can still take the free featuring. */
const canTakeFree = (v: { featured: boolean; featuring: string; status: string } | null) =>
  !!v && !v.featured && v.featuring === 'none' && v.status === 'Open';

/**
 * What the promo still offers the estate: a free featuring for its first vacancy, new or published.
 * Before any is claimed, an Open one published without featuring (a held moba an admin approved)
 * may take it as well as a new one.
 */
export async function promoOffer(
  ctx: VacancyContext,
  estateId: string,
): Promise<{ freeForNew: boolean; freeVacancyId: string | null }> {
  if (!promoToday(ctx)) return { freeForNew: false, freeVacancyId: null };
  const estate = await ctx.store.estates.findOne({ _id: estateId });
  if (!estate?.firstPromoVacancyId) {
    const [published] = await ctx.store.vacancies.find(
      { estateId, status: 'Open', featured: false, featuring: 'none', deletedAt: { $exists: false } },
      { sort: { createdAt: 1 }, limit: 1 },
    );
    return { freeForNew: true, freeVacancyId: published?._id ?? null };
  }
  const first = await ctx.store.vacancies.findOne({
    _id: estate.firstPromoVacancyId,
    deletedAt: { $exists: false },
  });
  return { freeForNew: false, freeVacancyId: first && canTakeFree(first) ? first._id : null };
}
