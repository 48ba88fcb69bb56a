import { insertIfNew } from '@moba/platform';
import type { VacancyContext } from '../context';

export interface ReleasedPlaces {
  eventId: string;
  estateId: string;
  vacancyId: string;
  applicationId: string;
  reason: string;
  late: boolean;
  releasedAt: string;
}

/**
 * Counts the places an estate gave back late (the application service's PlacesReleased with reason
 * 'estate-removed' and `late`): one document per event, so a redelivered event counts once.
 */
export async function recordLateCancellation(ctx: VacancyContext, released: ReleasedPlaces): Promise<void> {
  if (released.reason !== 'estate-removed' || !released.late) return;
  await insertIfNew(ctx.store.lateCancellations, {
    _id: released.eventId,
    estateId: released.estateId,
    vacancyId: released.vacancyId,
    applicationId: released.applicationId,
    releasedAt: released.releasedAt,
  });
}
