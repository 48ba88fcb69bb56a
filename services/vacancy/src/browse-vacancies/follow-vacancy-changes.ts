import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { topics, type EventEnvelope } from '@moba/contracts';
import type { EventBus } from '@moba/platform';
import type { OpenVacanciesReadModel } from './open-vacancies-read-model';
import type { WorkerPlaces } from '../replicate-worker-place/replicate-worker-place';
import {
  acceptedData,
  estateData,
  workerData,
  verificationData,
  ratingData,
  placesChangedData,
} from '../messaging/consumed-events';

const vacancyData = z.object({ vacancyId: z.string() });

/**
 * Keeps this instance's browse model current with the writes of every instance. Each instance
 * subscribes in a group of its own (transient: it hears every event from now on, and the model was
 * loaded from the store just after), while the service's durable group still does the writes once.
 *
 * - A vacancy event means the vacancy changed: the one document is read again from the shared store
 *   (the outbox publishes only after the write, so the read sees it; a repeat or late event only
 *   reads the current state again).
 * - An acceptance carries the new free count, applied at once (it only ever lowers it).
 * - An estate's registration or profile change carries its name, applied at once.
 * - A worker's registration or profile change carries their municipality (where their browse
 *   measures distances from), remembered at once.
 * - An estate's verification and its "promises kept" figure, applied at once (latest change, most jobs).
 */
export async function followVacancyChanges(
  bus: EventBus,
  readModel: OpenVacanciesReadModel,
  workerPlaces?: WorkerPlaces,
  instanceId: string = randomUUID(),
): Promise<void> {
  const group = `vacancy-browse.${instanceId}`;

  const vacancy = async (event: EventEnvelope) => {
    const parsed = vacancyData.safeParse(event.data);
    if (parsed.success) await readModel.refresh(parsed.data.vacancyId);
  };

  const application = async (event: EventEnvelope) => {
    if (event.type === 'VacancyPlacesChanged') {
      const places = placesChangedData.safeParse(event.data);
      if (places.success)
        readModel.placesChanged(places.data.vacancyId, places.data.freePositions, places.data.version);
      return;
    }
    if (event.type !== 'ApplicationAccepted' && event.type !== 'GuestApplicationAccepted') return;
    const parsed = acceptedData.safeParse(event.data);
    if (parsed.success) readModel.lowerFreePositions(parsed.data.vacancyId, parsed.data.freePositions);
  };

  const auth = async (event: EventEnvelope) => {
    if (event.type === 'EstateVerificationChanged') {
      const parsed = verificationData.safeParse(event.data);
      if (parsed.success)
        readModel.estateTrust(parsed.data.estateId, {
          verified: parsed.data.verified,
          verifiedAt: parsed.data.changedAt,
        });
      return;
    }
    if (event.type !== 'UserRegistered' && event.type !== 'ProfileUpdated') return;
    const parsed = estateData.safeParse(event.data);
    if (parsed.success && parsed.data.role === 'Estate' && parsed.data.estateName)
      readModel.renameEstate(parsed.data.userId, parsed.data.estateName);
    const worker = workerData.safeParse(event.data);
    if (worker.success) workerPlaces?.remember(worker.data.userId, worker.data);
  };

  const rating = async (event: EventEnvelope) => {
    if (event.type !== 'RatingSubmitted') return;
    const parsed = ratingData.safeParse(event.data);
    if (parsed.success && parsed.data.ratedRole === 'Estate' && parsed.data.promises)
      readModel.estateTrust(parsed.data.ratedUserId, { promises: parsed.data.promises });
  };

  await bus.subscribe(topics.vacancy, group, vacancy, { transient: true });
  await bus.subscribe(topics.rating, group, rating, { transient: true });
  await bus.subscribe(topics.application, group, application, { transient: true });
  await bus.subscribe(topics.auth, group, auth, { transient: true });
}
