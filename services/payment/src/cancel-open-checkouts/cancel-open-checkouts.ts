import { completePayment, type CompletePaymentDeps } from '../complete-payment/complete-payment';

/**
 * A deleted vacancy cannot be featured: its open featuring checkouts are cancelled (PaymentCancelled),
 * so a later press of Pay on a checkout page still open changes nothing and no PaymentSucceeded is
 * ever sent for a vacancy that is gone. Safe to repeat: only created payments change.
 */
export async function cancelOpenCheckouts(deps: CompletePaymentDeps, vacancyId: string): Promise<number> {
  const open = await deps.store.payments.find({ vacancyId, purpose: 'featuring', status: 'created' });
  let cancelled = 0;
  for (const payment of open) {
    if ((await completePayment(deps, payment._id, 'cancelled')).changed) cancelled++;
  }
  if (cancelled > 0)
    deps.logger.info({ vacancyId, cancelled }, 'open checkouts of a deleted vacancy cancelled');
  return cancelled;
}
