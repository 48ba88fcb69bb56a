import type { AuthUser } from '@moba/platform';
import type { EstateForRating } from '@moba/contracts';
import { workerMayRateEstate } from '../domain/rating-rules';
import { ratingError } from '../domain/errors';
import { participantId } from '../participants';
import type { RatingStore } from '../store';

/**
 * GET /workers/vacancy/{id}/estate/for-rating: the estate of a Finished vacancy in which this worker
 * was accepted, and whether the worker already rated it (then with the given grade).
 */
export async function getEstateForRating(
  store: RatingStore,
  worker: AuthUser,
  vacancyId: string,
): Promise<EstateForRating> {
  const vacancy = await store.vacancies.findOne({ _id: vacancyId });
  const participant = await store.participants.findOne({
    _id: participantId(vacancyId, worker.id),
    released: { $ne: true },
  });
  const verdict = workerMayRateEstate(vacancy, !!participant, false);
  if (!verdict.ok) throw ratingError(verdict.code, 'Estate');
  const estate = await store.users.findOne({ _id: vacancy!.estateId });
  const given = await store.ratings.findOne({
    vacancyId,
    raterId: worker.id,
    ratedUserId: vacancy!.estateId,
    state: 'committed',
  });
  return {
    vacancyId,
    vacancyTitle: vacancy!.title,
    ...(vacancy!.endDate ? { endDate: vacancy!.endDate } : {}),
    estateId: vacancy!.estateId,
    estateName: estate?.estateName ?? vacancy!.estateName ?? estate?.fullName ?? '',
    ...(vacancy!.offers ? { offered: vacancy!.offers } : {}),
    rated: !!given,
    ...(given
      ? {
          rating: {
            grade: given.grade,
            ...(given.comment ? { comment: given.comment } : {}),
            ...(given.promises ? { promises: given.promises } : {}),
            createdAt: given.createdAt,
          },
        }
      : {}),
  };
}
