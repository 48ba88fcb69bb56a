import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { FEATURED_PRICE_RSD } from '@moba/contracts';
import { envBool, envPort, loadConfig, runtimeEnvSchema } from '@moba/platform';
import { accountDigitsOf, IPS_NAME_CHARACTERS, isValidAccount } from './domain/ips-qr';

/** A bank account given as 18 digits or dashed (160-123456-54); stored as 18 digits. */
const accountSchema = z
  .string()
  .trim()
  .refine((v) => accountDigitsOf(v) !== null, {
    message: 'must be a Serbian account: 18 digits or bank-account-control (e.g. 160-123456-54)',
  })
  .transform((v) => accountDigitsOf(v) as string)
  .refine(isValidAccount, { message: 'control digits do not pass ISO 7064 MOD 97-10' });

/** IPS QR values must not contain the field separator. */
const ipsText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !v.includes('|'), { message: "must not contain '|'" });

/** N: of the IPS QR code: only the characters NBS allows. */
const ipsName = (max: number) =>
  ipsText(max).refine((v) => IPS_NAME_CHARACTERS.test(v), {
    message: 'has a character the NBS IPS QR name does not allow',
  });

export const paymentConfigSchema = runtimeEnvSchema
  .extend({
    PORT: envPort(0),
    /** The address browsers use (the gateway): checkout links and redirects back to the SPA. */
    PUBLIC_URL: z
      .url()
      .default('http://localhost:8080')
      .transform((v) => v.replace(/\/+$/, '')),
    /** Prefix the gateway mounts the API under; checkout links are PUBLIC_URL + API_PREFIX + /payment/checkout/<id>. */
    API_PREFIX: z
      .string()
      .default('/api')
      .transform((v) => v.replace(/\/+$/, '')),
    /** Price of featuring a vacancy, RSD (spec §9: 1.500 RSD). */
    FEATURED_PRICE_RSD: z.coerce.number().int().positive().default(FEATURED_PRICE_RSD),
    /** 'sandbox': the checkout page served by this service. A real provider plugs in behind the same port. */
    PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    /** A demo or staging deployment with NODE_ENV=production may run the sandbox; production refuses it otherwise. */
    PAYMENT_SANDBOX_IN_PRODUCTION: envBool(false),
    /** HMAC-SHA256 key of the sandbox callbacks; embedded mode generates one per start. */
    PAYMENT_SANDBOX_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
    /** Lets a tester see the provider errors: 'unavailable' → payment URL not available, 'error' → unknown payment error. */
    PAYMENT_SANDBOX_FAILURE: z.enum(['none', 'unavailable', 'error']).default('none'),
    /** A checkout not finished within this time is cancelled (the vacancy service stops waiting after 30 min). */
    PAYMENT_CHECKOUT_TTL_MINUTES: z.coerce.number().int().positive().default(30),
    /** How often stale checkouts (older than the TTL, never finished) are cancelled. */
    PAYMENT_EXPIRY_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    /** How long POST /payment/create waits for a just-created vacancy's VacancyCreated event. */
    PAYMENT_REPLICA_WAIT_MS: z.coerce.number().int().min(0).default(3000),
    /** Donation recipient as printed on the slip and in the IPS QR code (N: name + CR LF + place, ≤ 70). */
    DONATION_RECIPIENT_NAME: ipsName(50).default('Fondacija Moba'),
    DONATION_RECIPIENT_PLACE: ipsName(35).default('Novi Sad'),
    DONATION_ACCOUNT: accountSchema.default('160000000012345654'),
    /** Svrha plaćanja, IPS QR S: (≤ 35). */
    DONATION_PURPOSE: ipsText(35).default('Donacija platformi Moba'),
  })
  .refine((c) => c.DONATION_RECIPIENT_NAME.length + 2 + c.DONATION_RECIPIENT_PLACE.length <= 70, {
    path: ['DONATION_RECIPIENT_NAME'],
    message: 'name and place together must fit 68 characters (IPS QR N: max 70 with the line break)',
  })
  // A secret made per process would let an instance refuse the callbacks another one signed.
  .refine(
    (c) => c.NODE_ENV !== 'production' || c.PAYMENT_PROVIDER !== 'sandbox' || c.PAYMENT_SANDBOX_SECRET,
    {
      path: ['PAYMENT_SANDBOX_SECRET'],
      message: 'required in production with the sandbox: one value for every payment instance',
    },
  )
  .transform((c) => ({
    ...c,
    PAYMENT_SANDBOX_SECRET: c.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('hex'),
  }));
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const loadPaymentConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(paymentConfigSchema, env);
