import type { PaymentOutcome, PaymentPurpose } from '@moba/contracts';

/** What the service asks a payment provider for: a hosted checkout for one payment. */
export interface CheckoutRequest {
  paymentId: string;
  amount: number;
  currency: 'RSD';
  purpose: PaymentPurpose;
  /** Shown on the checkout page: the vacancy title or the donation text. */
  description: string;
  /** Where the provider sends the browser back for each outcome. */
  returnUrls: Record<PaymentOutcome, string>;
}

export interface Checkout {
  checkoutUrl: string;
  /** The provider's id of the checkout session. */
  providerRef: string;
}

/** An authenticated provider callback: the outcome of one checkout. */
export interface ProviderCallback {
  callbackId: string;
  providerRef: string;
  paymentId: string;
  outcome: PaymentOutcome;
  amount: number;
  currency: 'RSD';
}

/** The provider cannot be reached or gave no checkout URL → 'payment URL not available'. */
export class ProviderUnavailableError extends Error {
  constructor(message = 'payment provider unavailable') {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused with its own code → 'unknown payment error (code …)'. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message = `payment provider error ${code}`,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The payment provider port (ARCHITECTURE §2, §3): the sandbox in embedded mode, a real adapter in production. */
export interface PaymentProvider {
  readonly name: string;
  /** Opens a checkout; throws ProviderUnavailableError or ProviderError. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Authenticates and parses a callback from its raw body and headers; null when the signature is
   * missing or wrong, or the body is not a callback (a forged call changes nothing).
   */
  verifyCallback(rawBody: string, header: (name: string) => string | undefined): ProviderCallback | null;
}
