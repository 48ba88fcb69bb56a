import { topics, VacancyFeatured } from '@moba/contracts';
import type { VacancyContext } from '../context';
import { settlePending } from '../vacancy-writes';
import { transitionStatus } from '../vacancy-writes';

export type PaymentOutcome = 'succeeded' | 'failed' | 'cancelled';

export interface FeaturingPayment {
  paymentId: string;
  vacancyId: string;
  outcome: PaymentOutcome;
}

/**
 * A featuring payment ended. Succeeded: the vacancy is featured and leaves Pending (also when the
 * 30-minute timeout already opened it: the estate paid). Failed or cancelled: a Pending vacancy
 * becomes Open, not featured; otherwise nothing changes. Each payment outcome is applied once.
 */
export async function settleFeaturing(ctx: VacancyContext, payment: FeaturingPayment): Promise<void> {
  const mark = `${payment.paymentId}:${payment.outcome}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc = await ctx.store.vacancies.findOne({ _id: payment.vacancyId });
    if (!doc || doc.deletedAt || doc.featuring !== 'paid') {
      ctx.logger.warn({ ...payment }, 'featuring payment for an unknown, deleted or unpaid vacancy ignored');
      return;
    }
    if (doc.paymentOutcomes.includes(mark)) return;
    const record = { paymentOutcomes: [...doc.paymentOutcomes, mark] };
    let done: boolean;
    if (doc.status === 'Pending') {
      done = await settlePending(
        ctx,
        doc,
        payment.outcome === 'succeeded',
        `payment-${payment.outcome}`,
        record,
      );
    } else if (payment.outcome === 'succeeded' && !doc.featured && doc.status !== 'Finished') {
      done = await transitionStatus(ctx, doc, doc.status, 'payment-succeeded', {
        set: { featured: true, ...record },
        events: [
          {
            topic: topics.vacancy,
            event: VacancyFeatured.create(
              doc._id,
              {
                vacancyId: doc._id,
                estateId: doc.estateId,
                featured: true,
                featuring: doc.featuring,
                reason: 'payment-succeeded',
              },
              { occurredAt: ctx.clock.now() },
            ),
          },
        ],
      });
    } else {
      ctx.logger.info({ ...payment, status: doc.status }, 'featuring payment outcome changes nothing');
      return;
    }
    if (done) return;
    // the vacancy changed between read and write (job, another event): read again
  }
  throw new Error(`could not settle featuring payment ${payment.paymentId} for vacancy ${payment.vacancyId}`);
}
