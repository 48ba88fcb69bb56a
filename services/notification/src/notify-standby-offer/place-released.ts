import type { NotificationStore } from '../store';
import type { SmsContext } from '../sms/queue-sms';

/**
 * PlacesReleased (issue #31): a worker whose whole place was given back is no longer on the moba.
 * Their "starts tomorrow" SMS reminder is cancelled and a later deletion or finish (rate the estate)
 * no longer reaches them. A partial release (a crew brings fewer heads) changes neither. Idempotent.
 */
export async function forgetReleasedPlace(
  ctx: { store: NotificationStore; sms: SmsContext },
  released: { applicationId: string; vacancyId: string; workerId: string | null; remaining?: number },
) {
  if (released.remaining !== 0) return;
  await ctx.sms.sms.placements.updateOne({ _id: released.applicationId }, { $set: { cancelled: true } });
  if (released.workerId)
    await ctx.store.vacancies.updateOne(
      { _id: released.vacancyId },
      { $pull: { acceptedWorkerIds: released.workerId } },
    );
}
