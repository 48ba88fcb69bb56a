import { z } from 'zod';
import { rule, ruleIssue } from '../errors';
import { DONATION_METHODS, DONATION_TIERS_RSD, FEATURED_PRICE_RSD } from '../limits';
import { isoDateTimeSchema, uuidV4Schema } from '../common';

/** Request and response schemas of the payment service (spec §7, §8, §9). */

export const PAYMENT_CURRENCY = 'RSD';
export const paymentPurposes = ['featuring', 'donation'] as const;
export const paymentPurposeSchema = z.enum(paymentPurposes);
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;

/** created → succeeded | failed | cancelled; only a created payment changes. */
export const paymentStatuses = ['created', 'succeeded', 'failed', 'cancelled'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentOutcomes = ['succeeded', 'failed', 'cancelled'] as const;
export const paymentOutcomeSchema = z.enum(paymentOutcomes);
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

export const donationMethodSchema = z.enum(DONATION_METHODS);
export type DonationMethod = z.infer<typeof donationMethodSchema>;
export type DonationTierId = (typeof DONATION_TIERS_RSD)[number]['id'];
export const donationTierIdSchema = z.enum(
  DONATION_TIERS_RSD.map((t) => t.id) as [DonationTierId, ...DonationTierId[]],
);

/** The smallest donation is the lower bound of the first tier; the largest is a sanity cap. */
export const DONATION_MIN_RSD = DONATION_TIERS_RSD[0].min;
export const DONATION_MAX_RSD = 10_000_000;

/**
 * Tier of a donation (spec §9: up to 5.000; 5.000 to 10.000; over 10.000). A bound belongs to the
 * lower tier: 5.000 is 'small', 10.000 is 'medium'.
 */
export function donationTierOf(amount: number): DonationTierId {
  for (const tier of DONATION_TIERS_RSD) {
    if (tier.max === null || amount <= tier.max) return tier.id;
  }
  return DONATION_TIERS_RSD[DONATION_TIERS_RSD.length - 1].id;
}

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** Donation amount in RSD: required (spec §5), at least 1, at most two decimals (para). */
export const donationAmountSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'amount is required' : 'must be a number') })
  .refine(Number.isFinite, rule('not_number', 'must be a number'))
  .min(DONATION_MIN_RSD, { message: `must be at least ${DONATION_MIN_RSD} RSD` })
  .max(DONATION_MAX_RSD, { message: `must be at most ${DONATION_MAX_RSD} RSD` })
  .refine(hasAtMostTwoDecimals, rule('decimals', 'must have at most two decimals', 2));

const tierMatchesAmount = (body: { amount: number; tier?: DonationTierId }, ctx: z.RefinementCtx) => {
  if (body.tier !== undefined && body.tier !== donationTierOf(body.amount)) {
    ctx.addIssue(
      ruleIssue(
        ['tier'],
        'tier_mismatch',
        `does not match the amount (expected ${donationTierOf(body.amount)})`,
      ),
    );
  }
};

export const featuringPaymentBodySchema = z.object({
  purpose: z.literal('featuring'),
  vacancyId: uuidV4Schema,
});

/** A donation by card goes through the checkout; 'qr' and 'slip' use POST /payment/donation/instructions. */
export const donationPaymentBodySchema = z
  .object({
    purpose: z.literal('donation'),
    amount: donationAmountSchema,
    method: donationMethodSchema,
    /** Optional; derived from the amount. When sent it must match. */
    tier: donationTierIdSchema.optional(),
  })
  .superRefine(tierMatchesAmount);

/** Body of POST /payment/create. */
export const createPaymentBodySchema = z.discriminatedUnion('purpose', [
  featuringPaymentBodySchema,
  donationPaymentBodySchema,
]);
export type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>;

/**
 * What POST /payment/create goes through to a checkout, as documented at /api/docs: a featuring,
 * or a donation by card ('qr' and 'slip' are refused there: they have no checkout).
 */
export const checkoutPaymentBodySchema = z.discriminatedUnion('purpose', [
  featuringPaymentBodySchema,
  donationPaymentBodySchema.safeExtend({ method: z.literal('card') }),
]);

/** POST /payment/create answers text/plain: the checkout URL, or one of these texts with a 4xx/5xx status. */
export const paymentErrorTexts = {
  invalidParameters: 'invalid payment parameters',
  urlNotAvailable: 'payment URL not available',
  unknown: (code: string) => `unknown payment error (code ${code})`,
} as const;

/** Codes sent in the `x-error-code` header (and JSON bodies of the other routes). */
export const paymentErrorCodes = {
  INVALID_PARAMETERS: 'PAYMENT.INVALID_PARAMETERS',
  URL_NOT_AVAILABLE: 'PAYMENT.URL_NOT_AVAILABLE',
  UNKNOWN: 'PAYMENT.UNKNOWN_ERROR',
  VACANCY_NOT_FOUND: 'PAYMENT.VACANCY_NOT_FOUND',
  NOT_FEATURABLE: 'PAYMENT.NOT_FEATURABLE',
  ALREADY_FEATURED: 'PAYMENT.ALREADY_FEATURED',
  NOT_FOUND: 'PAYMENT.NOT_FOUND',
  BAD_SIGNATURE: 'PAYMENT.BAD_SIGNATURE',
  AMOUNT_MISMATCH: 'PAYMENT.AMOUNT_MISMATCH',
} as const;

/** Response headers of POST /payment/create errors: the stable code and the bad fields. */
export const PAYMENT_ERROR_CODE_HEADER = 'x-error-code';
export const PAYMENT_INVALID_FIELDS_HEADER = 'x-invalid-fields';

/** Query the SPA's payment pages receive after the checkout (spec §2 /payment/processing/{vacancyId?}, /payment-status). */
export const paymentRedirectStatuses = ['success', 'error', 'cancelled'] as const;
export const paymentRedirectStatusSchema = z.enum(paymentRedirectStatuses);
export const paymentRedirectQuerySchema = z.object({
  status: paymentRedirectStatusSchema,
  paymentId: uuidV4Schema.optional(),
  /** '1' when a free (promo) featuring needed no checkout. */
  free: z.literal('1').optional(),
});
export const redirectStatusOf = (status: PaymentOutcome): z.infer<typeof paymentRedirectStatusSchema> =>
  status === 'succeeded' ? 'success' : status === 'failed' ? 'error' : 'cancelled';

/** GET /payment/status/{id}: id of a payment, or of a vacancy (its newest featuring payment). */
export const paymentStatusResponseSchema = z.object({
  /** null for a free (promo) featuring, which has no payment. */
  paymentId: uuidV4Schema.nullable(),
  purpose: paymentPurposeSchema,
  status: paymentStatusSchema,
  amount: z.number(),
  currency: z.literal(PAYMENT_CURRENCY),
  vacancyId: uuidV4Schema.optional(),
  method: donationMethodSchema.optional(),
  tier: donationTierIdSchema.optional(),
  free: z.boolean(),
  createdAt: isoDateTimeSchema.optional(),
  completedAt: isoDateTimeSchema.optional(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** Body of POST /payment/donation/instructions: a donation by IPS QR code or by payment slip. */
export const donationInstructionsBodySchema = z
  .object({
    amount: donationAmountSchema,
    method: z.enum(['qr', 'slip'], {
      message: "must be 'qr' or 'slip' (a card donation goes through POST /payment/create)",
    }),
    tier: donationTierIdSchema.optional(),
  })
  .superRefine(tierMatchesAmount);
export type DonationInstructionsBody = z.infer<typeof donationInstructionsBodySchema>;

/** The data of a filled general payment slip (nalog za uplatu / prenos). */
export const paymentSlipSchema = z.object({
  /** Payer (uplatilac): left for the donor to fill. */
  payer: z.string(),
  recipient: z.string(),
  recipientPlace: z.string(),
  /** Account as printed on the slip, e.g. 160-0000000123456-61. */
  account: z.string(),
  /** The same account as 18 digits (what IPS and e-banking take). */
  accountDigits: z.string().regex(/^\d{18}$/),
  currency: z.literal(PAYMENT_CURRENCY),
  amount: z.number(),
  /** Amount as printed: 1.500,00 */
  amountText: z.string(),
  purpose: z.string().max(35),
  /** Šifra plaćanja, 3 digits: 189 cash (slip at a counter), 289 non-cash (e-banking, IPS QR). */
  paymentCode: z.string().regex(/^[12]\d\d$/),
  model: z.string().regex(/^\d{2}$/),
  reference: z.string(),
});
export type PaymentSlip = z.infer<typeof paymentSlipSchema>;

export const donationInstructionsResponseSchema = z.object({
  method: z.enum(['qr', 'slip']),
  amount: z.number(),
  currency: z.literal(PAYMENT_CURRENCY),
  tier: donationTierIdSchema,
  /** NBS IPS QR text (K:PR|V:01|C:1|R:…|N:…|I:RSD…|SF:289|S:…|RO:97…). */
  payload: z.string(),
  /** The same payload as a PNG image, data:image/png;base64,… Show "NBS IPS QR" next to it. */
  qrPngDataUrl: z.string().startsWith('data:image/png;base64,'),
  slip: paymentSlipSchema,
});
export type DonationInstructionsResponse = z.infer<typeof donationInstructionsResponseSchema>;

/** Price of featuring a vacancy (spec §9); the service reads it from config, defaulting to this. */
export const FEATURING_PRICE_DEFAULT_RSD = FEATURED_PRICE_RSD;

/** Formats RSD as the spec writes it: 1.500 RSD, 1.234,50 RSD. */
export function formatRsd(amount: number): string {
  const [int, dec] = amount.toFixed(2).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${grouped}${dec === '00' ? '' : `,${dec}`} RSD`;
}
