import { z } from 'zod';
import { topics, type EventEnvelope } from '@moba/contracts';
import { idempotentHandler, type DocumentStore, type EventBus } from '@moba/platform';
import type { PaymentStore } from '../store';

/**
 * The payment service keeps a small replica of each vacancy (owner, featuring choice, status) to
 * authorise POST /payment/create. It re-declares only the fields it reads of vacancy.v1 events, so
 * the producer can add fields freely (STYLE: consumers re-declare what they use).
 */
export const vacancyCreatedFields = z.object({
  vacancyId: z.string().min(1),
  estateId: z.string().min(1),
  featuring: z.enum(['none', 'free', 'paid']),
  title: z.string().optional(),
  status: z.string().optional(),
  featured: z.boolean().optional(),
});
export const vacancyStatusChangedFields = z.object({
  vacancyId: z.string().min(1),
  estateId: z.string().min(1),
  to: z.string(),
});
export const vacancyDeletedFields = z.object({ vacancyId: z.string().min(1), estateId: z.string().min(1) });
export const vacancyFeaturedFields = z.object({
  vacancyId: z.string().min(1),
  estateId: z.string().min(1),
  featured: z.boolean(),
  /** Set when the featuring choice changed too (an estate features a published vacancy later). */
  featuring: z.enum(['none', 'free', 'paid']).optional(),
});

export const PAYMENT_CONSUMER_GROUP = 'payment';

/** Applies one vacancy.v1 event to the replica; unknown types are ignored. Upserts keep it order-tolerant. */
export async function applyVacancyEvent(store: PaymentStore, event: EventEnvelope): Promise<void> {
  const { vacancies } = store;
  switch (event.type) {
    case 'VacancyCreated': {
      const data = vacancyCreatedFields.parse(event.data);
      await vacancies.updateOne(
        { _id: data.vacancyId },
        {
          $set: {
            estateId: data.estateId,
            featuring: data.featuring,
            ...(data.title !== undefined ? { title: data.title } : {}),
            ...(data.status !== undefined ? { status: data.status } : {}),
            ...(data.featured !== undefined ? { featured: data.featured } : {}),
          },
        },
        { upsert: true },
      );
      return;
    }
    case 'VacancyStatusChanged': {
      const data = vacancyStatusChangedFields.parse(event.data);
      await vacancies.updateOne(
        { _id: data.vacancyId },
        { $set: { estateId: data.estateId, status: data.to } },
      );
      return;
    }
    case 'VacancyDeleted': {
      const data = vacancyDeletedFields.parse(event.data);
      await vacancies.updateOne({ _id: data.vacancyId }, { $set: { deleted: true } });
      return;
    }
    case 'VacancyFeatured': {
      const data = vacancyFeaturedFields.parse(event.data);
      await vacancies.updateOne(
        { _id: data.vacancyId },
        { $set: { featured: data.featured, ...(data.featuring ? { featuring: data.featuring } : {}) } },
      );
      return;
    }
    default:
      return;
  }
}

export async function subscribeToVacancyEvents(
  bus: EventBus,
  documents: DocumentStore,
  store: PaymentStore,
  /** Called after the replica recorded a VacancyDeleted (cancels its open checkouts). */
  onDeleted: (vacancyId: string) => Promise<unknown> = async () => undefined,
) {
  const handler = await idempotentHandler(documents, 'payment.vacancy-replica', async (event) => {
    await applyVacancyEvent(store, event);
    if (event.type === 'VacancyDeleted') await onDeleted(vacancyDeletedFields.parse(event.data).vacancyId);
  });
  await bus.subscribe(topics.vacancy, PAYMENT_CONSUMER_GROUP, handler);
}
