export interface Sms {
  /** E.164, e.g. +381641234567. */
  to: string;
  text: string;
}

/** The Sms port: dev:// keeps messages in the dev outbox (/dev/sms), infobip:// sends them. */
export interface SmsSender {
  /** Resolves the provider's message id; throws SmsSendError when the provider refuses or fails. */
  send(sms: Sms): Promise<{ providerMessageId: string }>;
  close(): Promise<void>;
}

/**
 * A failed send. `retryable`: a rate limit, a provider outage or a network error (try again later,
 * after `retryAfterMs` when the provider said); otherwise the message can never go (bad number,
 * rejected destination, refused credentials).
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
