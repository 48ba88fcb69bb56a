import type { AuthUser } from '@moba/platform';
import type { UserRatings } from '@moba/contracts';
import { summaryOf } from '../summarize-ratings/summarize-ratings';
import type { RatingStore } from '../store';
import { promiseFigureOf } from '../keep-promise-figures/keep-promise-figures';

/** GET /users/me/ratings: ratings received, newest first, with the summary read model's average and count. */
export async function getMyRatings(store: RatingStore, user: AuthUser): Promise<UserRatings> {
  const received = await store.ratings.find(
    { ratedUserId: user.id, state: 'committed' },
    { sort: { createdAt: -1 } },
  );
  const summary = await summaryOf(store, user.id);
  const role = user.role === 'Estate' ? 'Estate' : 'Worker';
  return {
    ...summary,
    promises: await promiseFigureOf(store, user.id, role),
    ratings: received.map((r) => ({
      ratingId: r._id,
      grade: r.grade,
      ...(r.comment ? { comment: r.comment } : {}),
      raterId: r.raterId,
      raterName: r.raterName,
      raterRole: r.raterRole,
      vacancyId: r.vacancyId,
      vacancyTitle: r.vacancyTitle,
      createdAt: r.createdAt,
      ...(r.attendance ? { attendance: r.attendance } : {}),
    })),
  };
}
