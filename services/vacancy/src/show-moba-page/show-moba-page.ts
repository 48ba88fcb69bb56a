import {
  idParamsSchema,
  mobaPageSchema,
  publicMobaStatuses,
  vacancyErrorCodes,
  type MobaPage,
} from '@moba/contracts';
import { AppError, parseInput } from '@moba/platform';
import type { VacancyContext } from '../context';
import { todayOf } from '../context';
import { toItem, type VacancyDoc } from '../domain/vacancy';
import { lateCancellationsOf } from '../late-cancellations';

/** Whether anyone may read the moba's page: published, not deleted, not held, hidden or rejected. */
export const shownPublicly = (doc: VacancyDoc) =>
  !doc.deletedAt &&
  (publicMobaStatuses as readonly string[]).includes(doc.status) &&
  doc.review?.hidden !== true &&
  doc.review?.state !== 'held' &&
  doc.review?.state !== 'rejected';

/**
 * GET /vacancies/{id}: the public page of one moba, the same for a visitor and every role. What
 * browse shows (with the fair-pay figures of a daily wage) and the estate's trust: verified mark and
 * promise-kept figure (kept on the moba, replicate-estate-trust), rating summary and late cancellations
 * (kept per estate). Every field is picked by name and the
 * answer is parsed with the strict page schema, so nothing private (meeting details, the review)
 * reaches it. Unknown, deleted, held, hidden or unpublished mobas answer VACANCY.NOT_FOUND alike.
 */
export async function showMobaPage(ctx: VacancyContext, params: unknown): Promise<MobaPage> {
  const { id } = parseInput(idParamsSchema, params, 'params');
  const doc = await ctx.store.vacancies.findOne({ _id: id });
  if (!doc || !shownPublicly(doc)) throw new AppError(vacancyErrorCodes.NOT_FOUND, 'vacancy not found');
  const [estate, lateCancellations] = await Promise.all([
    ctx.store.estates.findOne({ _id: doc.estateId }),
    lateCancellationsOf(ctx, doc.estateId),
  ]);
  const { review: _review, ...item } = toItem(doc);
  const fairPay = ctx.fairPay.fairPayOf(item, todayOf(ctx));
  return mobaPageSchema.parse({
    ...item,
    ...(fairPay ? { fairPay } : {}),
    ...(estate?.rating ? { estateRating: estate.rating } : {}),
    estateLateCancellations: lateCancellations,
  });
}
