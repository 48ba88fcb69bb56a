import { DuplicateKeyError, pushEvents, type Clock, type Logger, type OutboxRelay } from '@moba/platform';
import { promisesKept, RatingSubmitted, topics } from '@moba/contracts';
import { promiseFigureOf } from '../keep-promise-figures/keep-promise-figures';
import { averageOf } from '../domain/summary';
import type { RatingDoc, RatingStore } from '../store';

/**
 * Brings the rated user's summary up to date after a rating was committed and queues RatingSubmitted
 * with the new average and count.
 *
 * Safe to repeat and to run concurrently: the summary is a recount of the committed ratings, and
 * ratings are never removed once committed, so a later recount always sees a superset of an earlier
 * one; `$max` on sum and count keeps the newest recount whatever order the writes land in. The event
 * is pushed in the same single-document update that flips the rating's `summarized` flag, so it is
 * queued exactly once per rating.
 */
export async function summarizeRating(store: RatingStore, relay: OutboxRelay, rating: RatingDoc) {
  const committed = await store.ratings.find({ ratedUserId: rating.ratedUserId, state: 'committed' });
  const count = committed.length;
  const sum = committed.reduce((total, r) => total + r.grade, 0);
  await raiseSummary(store, rating.ratedUserId, rating.ratedRole, sum, count);

  const average = averageOf(sum, count) ?? rating.grade;
  const promises = rating.promises
    ? await promiseFigureOf(store, rating.ratedUserId, rating.ratedRole)
    : undefined;
  const event = RatingSubmitted.create(rating.ratedUserId, {
    ratingId: rating._id,
    vacancyId: rating.vacancyId,
    raterId: rating.raterId,
    ratedUserId: rating.ratedUserId,
    ratedRole: rating.ratedRole,
    grade: rating.grade,
    ...(rating.comment ? { comment: rating.comment } : {}),
    average,
    count,
    ratedAt: rating.createdAt,
    ...(rating.promises ? { promisesKept: promisesKept(rating.promises), promises } : {}),
  });
  await store.ratings.updateOne(
    { _id: rating._id, state: 'committed', summarized: false },
    pushEvents({ $set: { summarized: true, average, count } }, [{ topic: topics.rating, event }]),
  );
  relay.kick();
  return { average, count };
}

async function raiseSummary(
  store: RatingStore,
  userId: string,
  role: RatingDoc['ratedRole'],
  sum: number,
  count: number,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await store.summaries.updateOne(
        { _id: userId },
        { $max: { sum, count }, $set: { role } },
        { upsert: true },
      );
      return;
    } catch (error) {
      // Two first ratings of the same user upserting at once: the loser retries as a plain update.
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }
}

/** Reads a user's summary. */
export async function summaryOf(store: RatingStore, userId: string) {
  const summary = await store.summaries.findOne({ _id: userId });
  const count = summary?.count ?? 0;
  return { average: averageOf(summary?.sum ?? 0, count), count };
}

/**
 * Recovery after a crash: commits or rolls back bulk writes left pending, and summarizes committed
 * ratings whose event was never queued. Runs at start and then periodically.
 */
export async function repairRatings(
  store: RatingStore,
  relay: OutboxRelay,
  clock: Clock,
  logger: Logger,
  pendingGraceMs = 60_000,
) {
  const cutoff = new Date(clock.now().getTime() - pendingGraceMs).toISOString();
  const stale = await store.ratings.find({ state: 'pending', createdAt: { $lt: cutoff } }, { limit: 500 });
  for (const batchId of new Set(stale.map((r) => r.batchId).filter((id): id is string => !!id))) {
    // A batch that got as far as committing one item was complete: finish it; otherwise undo it.
    const anyCommitted = await store.ratings.count({ batchId, state: 'committed' });
    if (anyCommitted > 0)
      await store.ratings.updateMany({ batchId, state: 'pending' }, { $set: { state: 'committed' } });
    else await store.ratings.deleteMany({ batchId, state: 'pending' });
    logger.warn({ batchId, committed: anyCommitted > 0 }, 'repaired an unfinished bulk rating');
  }
  const unsummarized = await store.ratings.find(
    { state: 'committed', summarized: false, createdAt: { $lt: cutoff } },
    { limit: 500 },
  );
  for (const rating of unsummarized) await summarizeRating(store, relay, rating);
}
