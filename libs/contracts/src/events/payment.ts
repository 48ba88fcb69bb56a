import { z } from 'zod';
import { DONATION_METHODS } from '../limits';
import { defineEvent, topics } from './envelope';

/**
 * Outcome of one payment; key = paymentId. The vacancy service reacts to featuring outcomes
 * (succeeded → featured + Open; failed/cancelled → Open, not featured).
 */
export const paymentOutcomeDataSchema = z.object({
  paymentId: z.uuid(),
  purpose: z.enum(['featuring', 'donation']),
  /** Set for purpose 'featuring'. */
  vacancyId: z.uuid().optional(),
  /** The estate (user id) that owns the vacancy, for purpose 'featuring'. */
  estateId: z.uuid().optional(),
  /** RSD. */
  amount: z.number(),
  currency: z.literal('RSD'),
  /** For donations: 'card' (the only method with a checkout). */
  method: z.enum(DONATION_METHODS).optional(),
  /** The user who paid, when signed in. */
  payerId: z.uuid().optional(),
});
export type PaymentOutcomeData = z.infer<typeof paymentOutcomeDataSchema>;

export const PaymentSucceeded = defineEvent(topics.payment, 'PaymentSucceeded', 1, paymentOutcomeDataSchema);
export const PaymentFailed = defineEvent(topics.payment, 'PaymentFailed', 1, paymentOutcomeDataSchema);
export const PaymentCancelled = defineEvent(topics.payment, 'PaymentCancelled', 1, paymentOutcomeDataSchema);

/** Events the payment service publishes on `${topics.payment}`. */
export const paymentEvents = [PaymentSucceeded, PaymentFailed, PaymentCancelled] as const;
