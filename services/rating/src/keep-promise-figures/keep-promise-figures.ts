import { promisesKept, recountFigure, type PromiseFigure } from '@moba/contracts';
import { DuplicateKeyError } from '@moba/platform';
import type { RatingStore } from '../store';

/**
 * Promise figures (libs/contracts promises.ts), always a recount of what this service holds:
 *
 * - an estate's "promises kept": every committed rating of the estate with a checklist is one job;
 * - a worker's "came and stayed": one job per moba, from the estate's checklist, or from the
 *   attendance that crews record (WorkerAttendanceRecorded), which wins for that moba when present.
 */
export async function promiseFigureOf(
  store: RatingStore,
  userId: string,
  role: 'Worker' | 'Estate',
): Promise<PromiseFigure> {
  const rated = await store.ratings.find({ ratedUserId: userId, state: 'committed' });
  const outcomes = new Map<string, boolean>();
  for (const rating of rated) {
    if (!rating.promises) continue;
    const job = role === 'Worker' ? rating.vacancyId : rating._id;
    outcomes.set(job, promisesKept(rating.promises));
  }
  if (role === 'Worker') {
    for (const attendance of await store.attendance.find({ workerId: userId }))
      outcomes.set(attendance.vacancyId, attendance.came && attendance.stayed);
  }
  return recountFigure(outcomes.values());
}

/** Keeps the latest attendance per (vacancy, worker): an older or repeated event changes nothing. */
export async function recordAttendance(
  store: RatingStore,
  attendance: { vacancyId: string; workerId: string; came: boolean; stayed: boolean; recordedAt: string },
) {
  const _id = `${attendance.vacancyId}:${attendance.workerId}`;
  try {
    await store.attendance.updateOne(
      { _id, $or: [{ recordedAt: { $lte: attendance.recordedAt } }, { recordedAt: { $exists: false } }] },
      { $set: { ...attendance } },
      { upsert: true },
    );
  } catch (error) {
    // A newer record exists: the upsert met its _id.
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
}
