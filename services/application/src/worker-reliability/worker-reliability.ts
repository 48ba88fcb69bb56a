import { emptyReliability, type WorkerReliability } from '@moba/contracts';
import type { AppContext } from '../context';
import { noShowDaysOf } from '../domain/attendance';
import type { WorkerReliabilityDoc } from '../store';

type Counter = 'accepted' | 'cancellations' | 'lateCancellations';

/**
 * Counts once per key into a worker's reliability: the write is conditional on the key not being
 * counted yet and records it, so a redelivered event or a repeated mark changes nothing.
 */
async function count(ctx: AppContext, workerId: string, key: string, counters: Counter[]) {
  if (counters.length === 0) return;
  const field = `counted.${key.replace(/\./g, '_')}`;
  const inc = Object.fromEntries(counters.map((c) => [c, 1]));
  const updated = await ctx.store.workerReliability.updateOne(
    { _id: workerId, [field]: { $exists: false } },
    { $inc: inc, $set: { [field]: true } },
  );
  if (updated) return;
  const existing = await ctx.store.workerReliability.findOne({ _id: workerId });
  if (existing) return; // already counted
  const doc: WorkerReliabilityDoc = {
    _id: workerId,
    accepted: 0,
    cancellations: 0,
    lateCancellations: 0,
    counted: {},
  };
  try {
    await ctx.store.workerReliability.insertOne(doc);
  } catch {
    // another instance created it meanwhile
  }
  await ctx.store.workerReliability.updateOne(
    { _id: workerId, [field]: { $exists: false } },
    { $inc: inc, $set: { [field]: true } },
  );
}

/** An accepted placement (ApplicationAccepted of a worker, by its event id). */
export const recordPlacement = (ctx: AppContext, workerId: string, eventId: string) =>
  count(ctx, workerId, `accepted:${eventId}`, ['accepted']);

/** A worker's own cancellation (PlacesReleased with reason worker-cancelled); a late one counts twice over. */
export const recordCancellation = (ctx: AppContext, workerId: string, eventId: string, late: boolean) =>
  count(
    ctx,
    workerId,
    `cancelled:${eventId}`,
    late ? ['cancellations', 'lateCancellations'] : ['cancellations'],
  );

/**
 * No-shows are read from the attendance itself, not counted beside it: the mark and the figure cannot
 * disagree, and an estate that corrects a mark corrects the figure.
 */
async function noShowsOf(ctx: AppContext, workerIds: string[]): Promise<Map<string, number>> {
  const marked = await ctx.store.applications.find({
    workerId: { $in: workerIds },
    attendanceVersion: { $exists: true },
  });
  const noShows = new Map<string, number>();
  for (const application of marked)
    if (application.workerId)
      noShows.set(application.workerId, (noShows.get(application.workerId) ?? 0) + noShowDaysOf(application));
  return noShows;
}

const figuresOf = (workerId: string, doc: WorkerReliabilityDoc | undefined, noShows: number) => ({
  ...(doc
    ? {
        workerId,
        accepted: doc.accepted,
        cancellations: doc.cancellations,
        lateCancellations: doc.lateCancellations,
        noShows: 0,
      }
    : emptyReliability(workerId)),
  noShows,
});

export async function reliabilityOf(ctx: AppContext, workerId: string): Promise<WorkerReliability> {
  return (await reliabilityOfMany(ctx, [workerId])).get(workerId)!;
}

/** Many workers' figures at once (for the lists where an admin or estate decides). */
export async function reliabilityOfMany(
  ctx: AppContext,
  workerIds: (string | null)[],
): Promise<Map<string, WorkerReliability>> {
  const ids = [...new Set(workerIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const [docs, noShows] = await Promise.all([
    ctx.store.workerReliability.find({ _id: { $in: ids } }),
    noShowsOf(ctx, ids),
  ]);
  const found = new Map(docs.map((d) => [d._id, d]));
  return new Map(ids.map((id) => [id, figuresOf(id, found.get(id), noShows.get(id) ?? 0)]));
}
