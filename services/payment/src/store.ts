import { z } from 'zod';
import {
  donationMethodSchema,
  donationTierIdSchema,
  paymentPurposeSchema,
  paymentStatusSchema,
} from '@moba/contracts';
import { parsedCollection, type DocumentStore, type WithOutbox } from '@moba/platform';
import type { PaymentDoc, VacancyReplica } from './domain/payment';
import type { SandboxSession } from './provider/sandbox-provider';

/** A donation by IPS QR code or slip: the reference the foundation reconciles bank statements with. */
export interface DonationPledge {
  _id: string;
  /** Model-97 reference (control digits + body), unique. */
  reference: string;
  amount: number;
  method: 'qr' | 'slip';
  tier: string;
  payerId?: string;
  createdAt: string;
}

/**
 * Replica of a user's session state from auth.v1 (PasswordChanged, UserBanned, UserReactivated):
 * the payment routes are public at the gateway, so this service itself refuses a token older than the
 * latest password change, or of a banned user. _id = userId.
 */
export interface AccountState {
  _id: string;
  tokenVersion: number;
  banned: boolean;
  /** Sessions logged out (SessionEnded), until their tokens expire. */
  endedSessions?: { sessionId: string; until: string }[];
}

/**
 * A payment read back from the store is checked against the shape it was written in (STYLE habit 4),
 * so a changed or damaged document fails loudly instead of reaching a status answer or a callback.
 */
const paymentDocSchema = z.looseObject({
  _id: z.string(),
  purpose: paymentPurposeSchema,
  status: paymentStatusSchema,
  amount: z.number().positive(),
  currency: z.literal('RSD'),
  vacancyId: z.string().optional(),
  estateId: z.string().optional(),
  method: donationMethodSchema.optional(),
  tier: donationTierIdSchema.optional(),
  payerId: z.string().optional(),
  provider: z.string(),
  providerRef: z.string(),
  checkoutUrl: z.string(),
  createdAt: z.string(),
});

/** The collections of the payment service and their indexes. */
export async function openPaymentStore(store: DocumentStore) {
  const rawPayments = await store.collection<PaymentDoc & WithOutbox>('payments', {
    indexes: [
      // One open (created) checkout per vacancy at a time: two concurrent creates cannot both charge.
      { fields: ['openFor'], unique: true, sparse: true },
      { fields: ['vacancyId'] },
      { fields: ['providerRef'] },
    ],
  });
  const payments = parsedCollection(rawPayments, paymentDocSchema);
  const vacancies = await store.collection<VacancyReplica>('vacancies', {
    indexes: [{ fields: ['estateId'] }],
  });
  const pledges = await store.collection<DonationPledge>('donation_pledges', {
    indexes: [{ fields: ['reference'], unique: true }],
  });
  const sandboxSessions = await store.collection<SandboxSession>('sandbox_sessions', {
    indexes: [{ fields: ['paymentId'] }],
  });
  const accounts = await store.collection<AccountState>('accounts');
  return { payments, vacancies, pledges, sandboxSessions, accounts };
}
export type PaymentStore = Awaited<ReturnType<typeof openPaymentStore>>;
