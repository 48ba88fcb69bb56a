import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { topics, type EventEnvelope } from '@moba/contracts';
import type { EventBus } from '@moba/platform';
import type { FairPayReadModel } from './fair-pay-read-model';

// The fields of VacancyCreated this model reads (producers may add more).
const publishedData = z.object({
  vacancyId: z.string(),
  paymentType: z.string(),
  dailyWage: z.number().int().optional(),
  crops: z.array(z.string()).optional(),
  district: z.string().optional(),
  createdAt: z.string(),
  status: z.string().optional(),
});
const deletedData = z.object({ vacancyId: z.string() });
const reviewData = z.object({ vacancyId: z.string(), state: z.string() });

/**
 * Feeds this instance's fair-pay model from the vacancy events of every instance (a group of its
 * own, transient like the browse model's: the model was recounted from the store just after).
 */
export async function followWages(bus: EventBus, model: FairPayReadModel, instanceId: string = randomUUID()) {
  await bus.subscribe(
    topics.vacancy,
    `vacancy-fair-pay.${instanceId}`,
    async (event: EventEnvelope) => {
      if (event.type === 'VacancyCreated') {
        const parsed = publishedData.safeParse(event.data);
        if (parsed.success) model.published(parsed.data);
      } else if (event.type === 'VacancyDeleted') {
        const parsed = deletedData.safeParse(event.data);
        if (parsed.success) model.deleted(parsed.data.vacancyId);
      } else if (event.type === 'VacancyReviewChanged') {
        const parsed = reviewData.safeParse(event.data);
        if (parsed.success) model.reviewed(parsed.data.vacancyId, parsed.data.state);
      }
    },
    { transient: true },
  );
}

/** The recount: the fair-pay model from the stored vacancies alone. */
export const storedWageRows = <T extends { _id: string }>(docs: T[]) =>
  docs.map((doc) => ({ ...doc, vacancyId: doc._id }));
