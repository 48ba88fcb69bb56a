import type {
  DonationMethod,
  DonationTierId,
  PaymentOutcome,
  PaymentPurpose,
  PaymentStatus,
} from '@moba/contracts';

/** A payment as the service stores it. `openFor` is set only while created (one open checkout per vacancy). */
export interface PaymentDoc {
  _id: string;
  purpose: PaymentPurpose;
  status: PaymentStatus;
  amount: number;
  currency: 'RSD';
  vacancyId?: string;
  estateId?: string;
  method?: DonationMethod;
  tier?: DonationTierId;
  /** The signed-in user who started it (absent for a visitor's donation). */
  payerId?: string;
  provider: string;
  providerRef: string;
  checkoutUrl: string;
  openFor?: string;
  createdAt: string;
  completedAt?: string;
}

/** The state machine: created → succeeded | failed | cancelled; a final state never changes. */
export function canComplete(status: PaymentStatus): boolean {
  return status === 'created';
}
export const statusAfter = (outcome: PaymentOutcome): PaymentStatus => outcome;

/** The vacancy facts the service keeps from vacancy.v1 events (owner, featuring choice, state). */
export interface VacancyReplica {
  _id: string;
  estateId: string;
  featuring: 'none' | 'free' | 'paid';
  title?: string;
  status?: string;
  featured?: boolean;
  deleted?: boolean;
}

export type FeaturingDecision =
  | { kind: 'free' }
  | { kind: 'checkout'; amount: number }
  | { kind: 'refuse'; reason: 'NOT_FEATURABLE' | 'ALREADY_FEATURED' };

/** A vacancy in these states can no longer gain anything from being featured. */
const PAST_STATUSES = new Set(['Closed', 'Finished']);

/**
 * Price and promo rules of featuring (spec §9, ARCHITECTURE featuring flow): the vacancy service
 * decides 'free' (first vacancy in the promo period: featured already, no checkout) or 'paid'
 * (Pending until a payment outcome, price from config); 'none' was never offered for featuring.
 * A featured vacancy is not charged again, nor a Closed or Finished one. A paid vacancy that went
 * Open (30-minute timeout, or an earlier failed/cancelled payment) may still be paid for: the
 * vacancy service features it on PaymentSucceeded.
 */
export function decideFeaturing(
  vacancy: VacancyReplica,
  priceRsd: number,
  hasSucceededPayment: boolean,
): FeaturingDecision {
  if (vacancy.featuring === 'free') return { kind: 'free' };
  if (vacancy.featuring !== 'paid') return { kind: 'refuse', reason: 'NOT_FEATURABLE' };
  if (vacancy.featured || hasSucceededPayment) return { kind: 'refuse', reason: 'ALREADY_FEATURED' };
  if (vacancy.status !== undefined && PAST_STATUSES.has(vacancy.status))
    return { kind: 'refuse', reason: 'NOT_FEATURABLE' };
  return { kind: 'checkout', amount: priceRsd };
}
