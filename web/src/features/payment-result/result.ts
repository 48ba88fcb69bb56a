import type { PaymentPurpose, PaymentStatus } from '@moba/contracts';

/** What a payment result page shows (spec §4 featuring outcomes, §8 payment errors). */
export type PaymentResultKind =
  'success' | 'free' | 'error' | 'cancelled' | 'invalid' | 'unavailable' | 'unknown' | 'processing';

export interface PaymentResultInput {
  /** ?status= of the return URL: success | error | cancelled, or a create error: invalid | unavailable | unknown. */
  status: string | null;
  free?: string | null;
  code?: string | null;
  /** The payment's own state when it was read from GET /payment/status. */
  stored?: PaymentStatus | null;
}

export interface PaymentResult {
  kind: PaymentResultKind;
  code: string | null;
}

/**
 * The one decision of the result pages. The status of the redirect wins; without it the stored
 * state of the payment decides ('created' = still processing); an unknown status is an unknown error.
 */
export function paymentResultOf(input: PaymentResultInput): PaymentResult {
  const code = input.code?.trim() || null;
  switch (input.status) {
    case 'success':
      return { kind: input.free === '1' ? 'free' : 'success', code: null };
    case 'error':
      return { kind: 'error', code };
    case 'cancelled':
      return { kind: 'cancelled', code: null };
    case 'invalid':
      return { kind: 'invalid', code };
    case 'unavailable':
      return { kind: 'unavailable', code };
    case 'unknown':
      return { kind: 'unknown', code: code ?? 'UNKNOWN' };
    case null:
    case '':
      break;
    default:
      return { kind: 'unknown', code: code ?? input.status ?? 'UNKNOWN' };
  }
  if (input.stored === 'succeeded') return { kind: 'success', code: null };
  if (input.stored === 'failed') return { kind: 'error', code };
  if (input.stored === 'cancelled') return { kind: 'cancelled', code: null };
  return { kind: 'processing', code: null };
}

/** Texts differ for a featuring (the vacancy exists either way) and a donation. */
export const resultPurpose = (
  purpose: PaymentPurpose | null | undefined,
  hasVacancy: boolean,
): PaymentPurpose => purpose ?? (hasVacancy ? 'featuring' : 'donation');
