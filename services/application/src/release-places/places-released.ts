import type { EventEnvelope } from '@moba/contracts';
import type { AppContext } from '../context';
import { offerStandby } from './offer-standby';
import { recordCancellation } from '../worker-reliability/worker-reliability';
import { applicationDeltas } from '../domain/stats';
import { applyStatsDelta } from '../stats/stats';

/**
 * PlacesReleased (this service's own event): the stats lose those heads, the freed places are offered,
 * a worker's cancellation counts in their reliability. Each step is safe on redelivery.
 */
export async function handlePlacesReleased(
  ctx: AppContext,
  event: EventEnvelope<{
    applicationId: string;
    vacancyId: string;
    workerId: string | null;
    reason: string;
    late: boolean;
    heads: number;
    remaining?: number;
  }>,
) {
  const { applicationId, vacancyId, workerId, reason, late, heads, remaining } = event.data;
  await applyStatsDelta(ctx.store, event.id, applicationDeltas.released(heads, remaining === 0));
  await offerStandby(ctx, { eventId: event.id, applicationId, vacancyId });
  if (workerId && reason === 'worker-cancelled') await recordCancellation(ctx, workerId, event.id, late);
}
