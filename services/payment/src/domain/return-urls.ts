import { redirectStatusOf, type PaymentOutcome } from '@moba/contracts';

/**
 * Where the browser lands after the checkout (spec §2): a featuring goes to
 * /payment/processing/{vacancyId}?status=…, a card donation to /payment/donation/success or
 * /payment-status?status=…. The payment id rides along so the page can ask GET /payment/status/{id}.
 */
export function featuringReturnUrls(
  publicUrl: string,
  vacancyId: string,
  paymentId: string,
): Record<PaymentOutcome, string> {
  const url = (outcome: PaymentOutcome) =>
    `${publicUrl}/payment/processing/${vacancyId}?status=${redirectStatusOf(outcome)}&paymentId=${paymentId}`;
  return { succeeded: url('succeeded'), failed: url('failed'), cancelled: url('cancelled') };
}

export function donationReturnUrls(publicUrl: string, paymentId: string): Record<PaymentOutcome, string> {
  return {
    succeeded: `${publicUrl}/payment/donation/success?paymentId=${paymentId}`,
    failed: `${publicUrl}/payment-status?status=error&paymentId=${paymentId}`,
    cancelled: `${publicUrl}/payment-status?status=cancelled&paymentId=${paymentId}`,
  };
}

/** A free (promo) featuring needs no checkout: the SPA's processing page, straight to success. */
export const freeFeaturingUrl = (publicUrl: string, vacancyId: string) =>
  `${publicUrl}/payment/processing/${vacancyId}?status=success&free=1`;
