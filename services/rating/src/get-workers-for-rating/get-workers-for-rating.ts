import type { AuthUser } from '@moba/platform';
import type { WorkersForRating } from '@moba/contracts';
import { estateMayRateVacancy } from '../domain/rating-rules';
import { ratingError } from '../domain/errors';
import type { RatingStore } from '../store';
import { attendanceOf } from '../participants';

/** GET /estates/vacancy/{id}/workers/for-rating: the accepted workers of the estate's own Finished vacancy, each marked rated or not. */
export async function getWorkersForRating(
  store: RatingStore,
  estate: AuthUser,
  vacancyId: string,
): Promise<WorkersForRating> {
  const vacancy = await store.vacancies.findOne({ _id: vacancyId });
  const verdict = estateMayRateVacancy(vacancy, estate.id);
  if (!verdict.ok) throw ratingError(verdict.code, 'Worker');

  const participants = await store.participants.find(
    { vacancyId, released: { $ne: true } },
    { sort: { acceptedAt: 1 } },
  );
  const workerIds = participants.map((p) => p.workerId);
  const users = await store.users.find({ _id: { $in: workerIds } });
  const nameOf = new Map(users.map((u) => [u._id, u.fullName]));
  const given = await store.ratings.find({ vacancyId, raterId: estate.id, state: 'committed' });
  const ratingOf = new Map(given.map((r) => [r.ratedUserId, r]));
  // The estate's attendance per day (WorkerAttendanceRecorded) pre-fills "came" and "stayed".
  const attended = new Map(
    (await store.attendance.find({ vacancyId })).map((a) => [a.workerId, { came: a.came, stayed: a.stayed }]),
  );

  const workers = participants.map((p) => {
    const rating = ratingOf.get(p.workerId);
    return {
      workerId: p.workerId,
      fullName: nameOf.get(p.workerId) ?? '',
      rated: !!rating,
      ...attendanceOf(p),
      ...(attended.has(p.workerId) ? { attended: attended.get(p.workerId)! } : {}),
      ...(rating
        ? {
            rating: {
              grade: rating.grade,
              ...(rating.comment ? { comment: rating.comment } : {}),
              ...(rating.promises ? { promises: rating.promises } : {}),
              createdAt: rating.createdAt,
            },
          }
        : {}),
    };
  });
  return {
    vacancyId,
    vacancyTitle: vacancy!.title,
    ...(vacancy!.endDate ? { endDate: vacancy!.endDate } : {}),
    workers,
    unratedCount: workers.filter((w) => !w.rated).length,
  };
}
