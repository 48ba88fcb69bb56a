import type { Logger } from '@moba/platform';
import { completePayment, type CompletePaymentDeps } from '../complete-payment/complete-payment';

/**
 * A checkout nobody finished within the TTL is cancelled (PaymentCancelled), so no payment stays
 * 'created' forever and a stale featuring frees its vacancy for a new checkout. Idempotent: only
 * created payments change, one at a time through the same state machine as a callback.
 */
export async function expireStalePayments(deps: CompletePaymentDeps, ttlMinutes: number): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - ttlMinutes * 60_000).toISOString();
  const stale = await deps.store.payments.find(
    { status: 'created', createdAt: { $lt: cutoff } },
    { limit: 200 },
  );
  let expired = 0;
  for (const payment of stale) {
    const result = await completePayment(deps, payment._id, 'cancelled');
    if (result.changed) expired++;
  }
  return expired;
}

/** Runs the expiry every intervalMs; errors are logged and retried on the next tick. */
export function startExpiryJob(
  deps: CompletePaymentDeps & { logger: Logger },
  ttlMinutes: number,
  intervalMs: number,
) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireStalePayments(deps, ttlMinutes)
      .then((count) => {
        if (count > 0) deps.logger.info({ count }, 'stale checkouts cancelled');
      })
      .catch((error) => deps.logger.error({ err: error }, 'payment expiry failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
