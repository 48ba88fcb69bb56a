import { randomInt, randomUUID } from 'node:crypto';
import {
  donationTierOf,
  type DonationInstructionsBody,
  type DonationInstructionsResponse,
} from '@moba/contracts';
import { DuplicateKeyError, type AuthUser, type Clock } from '@moba/platform';
import type { PaymentConfig } from '../config';
import {
  buildIpsQrPayload,
  formatAccount,
  model97Reference,
  PAYMENT_CODE_CASH_CITIZEN,
  PAYMENT_CODE_NON_CASH_CITIZEN,
  REFERENCE_MODEL_97,
  slipAmount,
} from '../domain/ips-qr';
import type { PaymentStore } from '../store';
import { qrPngDataUrlSync } from './qr-png';

export interface DonationInstructionsDeps {
  store: PaymentStore;
  config: PaymentConfig;
  clock: Clock;
}

/** Digits of a new reference body: 12 random digits, first one not 0. */
const referenceBody = () =>
  `${randomInt(1, 10)}${Array.from({ length: 11 }, () => randomInt(0, 10)).join('')}`;

/** The IPS QR code as a PNG data URL: level M, 4-module quiet zone, 8 px a module for phone cameras. */
export async function qrPngDataUrl(payload: string): Promise<string> {
  return qrPngDataUrlSync(payload);
}

/**
 * POST /payment/donation/instructions: what a donor needs to pay by bank app (NBS IPS QR code) or by
 * the general payment slip, with a fresh model-97 reference the foundation can match statements with.
 */
export async function donationInstructions(
  deps: DonationInstructionsDeps,
  body: DonationInstructionsBody,
  user: AuthUser | undefined,
): Promise<DonationInstructionsResponse> {
  const { config } = deps;
  const tier = donationTierOf(body.amount);
  let reference = '';
  for (let attempt = 0; ; attempt++) {
    reference = model97Reference(referenceBody());
    try {
      await deps.store.pledges.insertOne({
        _id: randomUUID(),
        reference,
        amount: body.amount,
        method: body.method,
        tier,
        ...(user ? { payerId: user.id } : {}),
        createdAt: deps.clock.now().toISOString(),
      });
      break;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError) || attempt >= 4) throw error;
    }
  }
  const payload = buildIpsQrPayload({
    account: config.DONATION_ACCOUNT,
    payeeName: config.DONATION_RECIPIENT_NAME,
    payeePlace: config.DONATION_RECIPIENT_PLACE,
    amount: body.amount,
    paymentCode: PAYMENT_CODE_NON_CASH_CITIZEN,
    purpose: config.DONATION_PURPOSE,
    model: REFERENCE_MODEL_97,
    reference,
  });
  return {
    method: body.method,
    amount: body.amount,
    currency: 'RSD',
    tier,
    payload,
    qrPngDataUrl: await qrPngDataUrl(payload),
    slip: {
      payer: '',
      recipient: config.DONATION_RECIPIENT_NAME,
      recipientPlace: config.DONATION_RECIPIENT_PLACE,
      account: formatAccount(config.DONATION_ACCOUNT),
      accountDigits: config.DONATION_ACCOUNT,
      currency: 'RSD',
      amount: body.amount,
      amountText: slipAmount(body.amount),
      purpose: config.DONATION_PURPOSE,
      // A slip paid in cash at a counter is 189; the same data typed into e-banking is 289 (like the QR).
      paymentCode: body.method === 'slip' ? PAYMENT_CODE_CASH_CITIZEN : PAYMENT_CODE_NON_CASH_CITIZEN,
      model: REFERENCE_MODEL_97,
      reference,
    },
  };
}
