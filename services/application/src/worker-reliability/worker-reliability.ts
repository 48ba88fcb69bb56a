import { emptyReliability, type WorkerReliability } from '@moba/contracts';
import type { AppContext } from '../context';
import type { WorkerReliabilityDoc } from '../store';

type Counter = 'accepted' | 'cancellations' | 'lateCancellations' | 'noShows';

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
    noShows: 0,
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
 * A head marked "did not come" on a work day (for the attendance of issue #31 point 6): counted once
 * per application, person and day.
 */
export const recordNoShow = (
  ctx: AppContext,
  noShow: { workerId: string; applicationId: string; personId: string; day: string },
) =>
  count(ctx, noShow.workerId, `noshow:${noShow.applicationId}:${noShow.personId}:${noShow.day}`, ['noShows']);

export async function reliabilityOf(ctx: AppContext, workerId: string): Promise<WorkerReliability> {
  const doc = await ctx.store.workerReliability.findOne({ _id: workerId });
  if (!doc) return emptyReliability(workerId);
  return {
    workerId,
    accepted: doc.accepted,
    cancellations: doc.cancellations,
    lateCancellations: doc.lateCancellations,
    noShows: doc.noShows,
  };
}

/** Many workers' figures at once (for the lists where an admin or estate decides). */
export async function reliabilityOfMany(
  ctx: AppContext,
  workerIds: (string | null)[],
): Promise<Map<string, WorkerReliability>> {
  const ids = [...new Set(workerIds.filter((id): id is string => id !== null))];
  const docs = ids.length ? await ctx.store.workerReliability.find({ _id: { $in: ids } }) : [];
  const found = new Map(docs.map((d) => [d._id, d]));
  return new Map(
    ids.map((id) => {
      const d = found.get(id);
      return [
        id,
        d
          ? {
              workerId: id,
              accepted: d.accepted,
              cancellations: d.cancellations,
              lateCancellations: d.lateCancellations,
              noShows: d.noShows,
            }
          : emptyReliability(id),
      ];
    }),
  );
}
