import type { EventEnvelope } from '@moba/contracts';
import type { AppContext } from '../context';
import { offerStandby } from './offer-standby';
import { recordCancellation } from '../worker-reliability/worker-reliability';

/** PlacesReleased (this service's own event): offer the freed places; a worker's cancellation counts. */
export async function handlePlacesReleased(
  ctx: AppContext,
  event: EventEnvelope<{
    applicationId: string;
    vacancyId: string;
    workerId: string | null;
    reason: string;
    late: boolean;
  }>,
) {
  const { applicationId, vacancyId, workerId, reason, late } = event.data;
  await offerStandby(ctx, { eventId: event.id, applicationId, vacancyId });
  if (workerId && reason === 'worker-cancelled') await recordCancellation(ctx, workerId, event.id, late);
}
