import { z } from 'zod';
import { topics, type EventEnvelope } from '@moba/contracts';
import { idempotentHandler, type DocumentStore, type EventBus } from '@moba/platform';
import type { VacancyContext } from '../context';
import { recordAcceptance } from '../record-acceptance/record-acceptance';
import { recordPlacesChanged } from '../record-places-changed/record-places-changed';
import { settleFeaturing, type PaymentOutcome } from '../settle-featuring/settle-featuring';
import { replicateEstate } from '../replicate-estate/replicate-estate';
import {
  recordEstatePromises,
  recordEstateVerification,
} from '../replicate-estate-trust/replicate-estate-trust';
import {
  recordAccepted,
  recordApplication,
  recordEmailConfirmed,
  recordRegistration,
} from '../replicate-reporter-standing/replicate-reporter-standing';
import { recordEstateRating } from '../replicate-estate-rating/replicate-estate-rating';
import { recordLateCancellation } from '../count-late-cancellations/count-late-cancellations';
import {
  acceptedData,
  emailVerifiedData,
  estateData,
  placesChangedData,
  placesReleasedData,
  ratingData,
  registeredData,
  submittedData,
  verificationData,
  workerData,
} from './consumed-events';

/** The consumer group of this service on every topic it reads. */
export const VACANCY_GROUP = 'vacancy';

// The fields of payment events this service reads (the rest: consumed-events.ts).
const paymentData = z.object({
  paymentId: z.string(),
  purpose: z.string(),
  vacancyId: z.string().optional(),
});

const paymentOutcomes: Record<string, PaymentOutcome> = {
  PaymentSucceeded: 'succeeded',
  PaymentFailed: 'failed',
  PaymentCancelled: 'cancelled',
};

/** Thin event handlers: parse the fields, call the use case. */
export async function subscribeVacancyHandlers(ctx: VacancyContext, bus: EventBus, store: DocumentStore) {
  const application = async (event: EventEnvelope) => {
    if (event.type === 'VacancyPlacesChanged')
      return recordPlacesChanged(ctx, placesChangedData.parse(event.data));
    if (event.type === 'ApplicationSubmitted') {
      const data = submittedData.parse(event.data);
      return recordApplication(ctx, data.workerId, data.vacancyId);
    }
    if (event.type === 'PlacesReleased')
      return recordLateCancellation(ctx, { eventId: event.id, ...placesReleasedData.parse(event.data) });
    if (event.type !== 'ApplicationAccepted' && event.type !== 'GuestApplicationAccepted') return;
    const data = acceptedData.parse(event.data);
    await recordAcceptance(ctx, {
      eventId: event.id,
      vacancyId: data.vacancyId,
      freePositions: data.freePositions,
    });
    const workers = [
      ...(data.workerId ? [data.workerId] : []),
      ...(data.crew?.accepted ?? []).map((m) => m.id),
    ];
    await recordAccepted(ctx, workers, data.vacancyId);
  };

  const payment = async (event: EventEnvelope) => {
    const outcome = paymentOutcomes[event.type];
    if (!outcome) return;
    const data = paymentData.parse(event.data);
    if (data.purpose !== 'featuring' || !data.vacancyId) return;
    await settleFeaturing(ctx, { paymentId: data.paymentId, vacancyId: data.vacancyId, outcome });
  };

  const auth = async (event: EventEnvelope) => {
    if (event.type === 'EstateVerificationChanged')
      return recordEstateVerification(ctx, verificationData.parse(event.data));
    if (event.type === 'EmailVerified')
      return recordEmailConfirmed(ctx, emailVerifiedData.parse(event.data).userId);
    if (event.type === 'UserRegistered') {
      const registered = registeredData.parse(event.data);
      if (registered.role === 'Worker')
        await recordRegistration(ctx, registered.userId, registered.registeredAt ?? event.occurredAt);
    }
    if (event.type !== 'UserRegistered' && event.type !== 'ProfileUpdated') return;
    const worker = workerData.safeParse(event.data);
    if (worker.success) {
      await ctx.workerPlaces.replicate(worker.data.userId, worker.data);
      return;
    }
    const data = estateData.parse(event.data);
    if (data.role !== 'Estate' || !data.estateName) return;
    await replicateEstate(ctx, { estateId: data.userId, estateName: data.estateName });
  };

  const rating = async (event: EventEnvelope) => {
    if (event.type !== 'RatingSubmitted') return;
    const data = ratingData.parse(event.data);
    if (data.ratedRole !== 'Estate') return;
    if (data.average !== undefined && data.count !== undefined)
      await recordEstateRating(ctx, data.ratedUserId, { average: data.average, count: data.count });
    if (data.promises) await recordEstatePromises(ctx, data.ratedUserId, data.promises);
  };

  await bus.subscribe(topics.rating, VACANCY_GROUP, await idempotentHandler(store, 'vacancy.rating', rating));
  await bus.subscribe(
    topics.application,
    VACANCY_GROUP,
    await idempotentHandler(store, 'vacancy.application', application),
  );
  await bus.subscribe(
    topics.payment,
    VACANCY_GROUP,
    await idempotentHandler(store, 'vacancy.payment', payment),
  );
  await bus.subscribe(topics.auth, VACANCY_GROUP, await idempotentHandler(store, 'vacancy.auth', auth));
}
