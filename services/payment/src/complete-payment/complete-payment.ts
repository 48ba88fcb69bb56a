import {
  PaymentCancelled,
  PaymentFailed,
  PaymentSucceeded,
  paymentErrorCodes,
  topics,
  type PaymentOutcome,
  type PaymentOutcomeData,
  type PaymentStatus,
} from '@moba/contracts';
import {
  AppError,
  paymentOutcomes,
  pushEvents,
  type Clock,
  type Logger,
  type OutboxRelay,
} from '@moba/platform';
import { canComplete, type PaymentDoc } from '../domain/payment';
import type { PaymentProvider } from '../provider/payment-provider';
import type { PaymentStore } from '../store';

export interface CompletePaymentDeps {
  store: PaymentStore;
  clock: Clock;
  relay: OutboxRelay;
  logger: Logger;
}

const outcomeEvents = {
  succeeded: PaymentSucceeded,
  failed: PaymentFailed,
  cancelled: PaymentCancelled,
} as const;

export function outcomeEventData(payment: PaymentDoc): PaymentOutcomeData {
  return {
    paymentId: payment._id,
    purpose: payment.purpose,
    ...(payment.vacancyId ? { vacancyId: payment.vacancyId } : {}),
    ...(payment.estateId ? { estateId: payment.estateId } : {}),
    amount: payment.amount,
    currency: 'RSD',
    ...(payment.method ? { method: payment.method } : {}),
    ...(payment.payerId ? { payerId: payment.payerId } : {}),
  };
}

/**
 * Moves a created payment to its outcome and records the outcome event in the same write (outbox).
 * Only a created payment changes: a replay, or a second outcome, leaves it as it is.
 */
export async function completePayment(
  deps: CompletePaymentDeps,
  paymentId: string,
  outcome: PaymentOutcome,
): Promise<{ status: PaymentStatus; changed: boolean }> {
  const { payments } = deps.store;
  const payment = await payments.findOne({ _id: paymentId });
  if (!payment) throw new AppError(paymentErrorCodes.NOT_FOUND, 'payment not found');
  if (!canComplete(payment.status)) return { status: payment.status, changed: false };
  const definition = outcomeEvents[outcome];
  const event = definition.create(payment._id, outcomeEventData(payment), { occurredAt: deps.clock.now() });
  const updated = await payments.findOneAndUpdate(
    { _id: paymentId, status: 'created' },
    pushEvents(
      { $set: { status: outcome, completedAt: deps.clock.now().toISOString() }, $unset: { openFor: true } },
      [{ topic: topics.payment, event }],
    ),
  );
  if (!updated) {
    const current = await payments.findOne({ _id: paymentId });
    return { status: current?.status ?? payment.status, changed: false };
  }
  deps.relay.kick();
  deps.logger.info({ paymentId, outcome, purpose: payment.purpose }, 'payment completed');
  paymentOutcomes.inc({ purpose: payment.purpose, outcome });
  return { status: outcome, changed: true };
}

/**
 * POST /payment/callback: a provider's signed outcome. A missing or wrong signature is refused and
 * changes nothing; the callback must name the payment's own checkout and amount.
 */
export async function handleProviderCallback(
  deps: CompletePaymentDeps & { provider: PaymentProvider },
  rawBody: string | undefined,
  header: (name: string) => string | undefined,
) {
  const callback = rawBody === undefined ? null : deps.provider.verifyCallback(rawBody, header);
  if (!callback) throw new AppError(paymentErrorCodes.BAD_SIGNATURE, 'callback signature missing or invalid');
  const payment = await deps.store.payments.findOne({ _id: callback.paymentId });
  if (!payment) throw new AppError(paymentErrorCodes.NOT_FOUND, 'payment not found');
  if (
    payment.providerRef !== callback.providerRef ||
    payment.amount !== callback.amount ||
    payment.currency !== callback.currency
  ) {
    throw new AppError(paymentErrorCodes.AMOUNT_MISMATCH, 'callback does not match the payment');
  }
  const result = await completePayment(deps, payment._id, callback.outcome);
  return { paymentId: payment._id, ...result };
}
