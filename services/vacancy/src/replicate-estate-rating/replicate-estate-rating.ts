import type { EstateRatingSummary } from '@moba/contracts';
import { DuplicateKeyError } from '@moba/platform';
import type { VacancyContext } from '../context';

/**
 * The estate's rating summary (average and count, from the rating service's RatingSubmitted) for the
 * moba's page. Ratings are never removed, so the summary with the higher count is the later one:
 * redelivery and any arrival order end in the summary after the last rating.
 */
export async function recordEstateRating(
  ctx: VacancyContext,
  estateId: string,
  summary: EstateRatingSummary,
): Promise<void> {
  try {
    await ctx.store.estates.updateOne(
      {
        _id: estateId,
        $or: [{ 'rating.count': { $lt: summary.count } }, { rating: { $exists: false } }],
      },
      { $set: { rating: { average: summary.average, count: summary.count } } },
      { upsert: true },
    );
  } catch (error) {
    // The estate already holds a summary of as many ratings or more: nothing to change.
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
}
