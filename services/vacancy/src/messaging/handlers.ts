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

type Handlers = Record<string, (event: EventEnvelope) => Promise<unknown>>;

/** Thin event handlers by topic and type: parse the fields, call the use case. */
export async function subscribeVacancyHandlers(ctx: VacancyContext, bus: EventBus, store: DocumentStore) {
  const accepted = async (event: EventEnvelope) => {
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
  const application: Handlers = {
    VacancyPlacesChanged: (event) => recordPlacesChanged(ctx, placesChangedData.parse(event.data)),
    ApplicationSubmitted: (event) => {
      const data = submittedData.parse(event.data);
      return recordApplication(ctx, data.workerId, data.vacancyId);
    },
    PlacesReleased: (event) =>
      recordLateCancellation(ctx, { eventId: event.id, ...placesReleasedData.parse(event.data) }),
    ApplicationAccepted: accepted,
    GuestApplicationAccepted: accepted,
  };

  const settle = async (event: EventEnvelope) => {
    const data = paymentData.parse(event.data);
    if (data.purpose !== 'featuring' || !data.vacancyId) return;
    await settleFeaturing(ctx, {
      paymentId: data.paymentId,
      vacancyId: data.vacancyId,
      outcome: paymentOutcomes[event.type],
    });
  };
  const payment: Handlers = Object.fromEntries(Object.keys(paymentOutcomes).map((type) => [type, settle]));

  /** A worker's or an estate's profile (sign-up or change): the worker's places or the estate's name. */
  const replicateProfile = async (event: EventEnvelope) => {
    const worker = workerData.safeParse(event.data);
    if (worker.success) return ctx.workerPlaces.replicate(worker.data.userId, worker.data);
    const data = estateData.parse(event.data);
    if (data.role !== 'Estate' || !data.estateName) return;
    await replicateEstate(ctx, { estateId: data.userId, estateName: data.estateName });
  };
  const auth: Handlers = {
    EstateVerificationChanged: (event) => recordEstateVerification(ctx, verificationData.parse(event.data)),
    EmailVerified: (event) => recordEmailConfirmed(ctx, emailVerifiedData.parse(event.data).userId),
    UserRegistered: async (event) => {
      const registered = registeredData.parse(event.data);
      if (registered.role === 'Worker')
        await recordRegistration(ctx, registered.userId, registered.registeredAt ?? event.occurredAt);
      await replicateProfile(event);
    },
    ProfileUpdated: replicateProfile,
  };

  const rating: Handlers = {
    RatingSubmitted: async (event) => {
      const data = ratingData.parse(event.data);
      if (data.ratedRole !== 'Estate') return;
      if (data.average !== undefined && data.count !== undefined)
        await recordEstateRating(ctx, data.ratedUserId, { average: data.average, count: data.count });
      if (data.promises) await recordEstatePromises(ctx, data.ratedUserId, data.promises);
    },
  };

  const byTopic: [string, string, Handlers][] = [
    [topics.rating, 'vacancy.rating', rating],
    [topics.application, 'vacancy.application', application],
    [topics.payment, 'vacancy.payment', payment],
    [topics.auth, 'vacancy.auth', auth],
  ];
  for (const [topic, consumer, handlers] of byTopic) {
    const handler = await idempotentHandler(
      store,
      consumer,
      async (event) => {
        await handlers[event.type](event);
      },
      { handles: (event) => Object.hasOwn(handlers, event.type) },
    );
    await bus.subscribe(topic, VACANCY_GROUP, handler);
  }
}
