import { notificationKeys } from '@moba/contracts';
import {
  createNotifications,
  type CreateNotificationsContext,
} from '../create-notification/create-notification';
import { vacancyParams } from '../vacancy-replica';

export type PaymentOutcome = 'Succeeded' | 'Failed' | 'Cancelled';

const keyOf: Record<PaymentOutcome, string> = {
  Succeeded: notificationKeys.featuringSucceeded,
  Failed: notificationKeys.featuringFailed,
  Cancelled: notificationKeys.featuringCancelled,
};

/** The result of a featuring payment goes to the estate; donations notify nobody. */
export async function notifyFeaturingPayment(
  ctx: CreateNotificationsContext,
  eventId: string,
  outcome: PaymentOutcome,
  facts: { paymentId: string; purpose: string; vacancyId?: string; estateId?: string; amount?: number },
) {
  if (facts.purpose !== 'featuring') return [];
  const estateId =
    facts.estateId ??
    (facts.vacancyId ? (await ctx.store.vacancies.findOne({ _id: facts.vacancyId }))?.estateId : undefined);
  if (!estateId) {
    ctx.logger.warn(
      { paymentId: facts.paymentId },
      'featuring payment without a known estate: nobody to notify',
    );
    return [];
  }
  const params = {
    ...(facts.vacancyId ? await vacancyParams(ctx, facts.vacancyId) : {}),
    paymentId: facts.paymentId,
    ...(facts.amount === undefined ? {} : { amount: facts.amount }),
  };
  return createNotifications(ctx, [{ userId: estateId, key: keyOf[outcome], params }], eventId);
}
