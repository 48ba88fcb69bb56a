import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paymentOutcomeSchema, type PaymentOutcome } from '@moba/contracts';
import type { Clock, Collection, Logger } from '@moba/platform';
import {
  ProviderError,
  ProviderUnavailableError,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderCallback,
} from './payment-provider';
import { isValidSandboxSignature, SANDBOX_SIGNATURE_HEADER, signSandboxBody } from './sandbox-signature';

/** One checkout session of the sandbox provider (the provider's own data, kept in its own collection). */
export interface SandboxSession extends CheckoutRequest {
  _id: string;
  status: 'open' | 'completed';
  outcome?: PaymentOutcome;
  /** The signed callback was acknowledged by the payment service. */
  delivered: boolean;
  createdAt: string;
  expiresAt: string;
  completedAt?: string;
}

const callbackBodySchema = z.object({
  callbackId: z.uuid(),
  sessionId: z.uuid(),
  paymentId: z.uuid(),
  outcome: paymentOutcomeSchema,
  amount: z.number(),
  currency: z.literal('RSD'),
  occurredAt: z.string(),
});
export type SandboxCallbackBody = z.infer<typeof callbackBodySchema>;

export interface SandboxOptions {
  sessions: Collection<SandboxSession>;
  secret: string;
  /** Public base of the API as browsers see it: checkout URL = base + /payment/checkout/<session>. */
  checkoutBaseUrl: string;
  clock: Clock;
  ttlMinutes: number;
  failure: 'none' | 'unavailable' | 'error';
  logger: Logger;
}

export type CompleteResult =
  | { kind: 'redirect'; url: string; outcome: PaymentOutcome }
  | { kind: 'not-found' }
  | { kind: 'delivery-failed'; session: SandboxSession };

export interface SandboxProvider extends PaymentProvider {
  /** Where the signed callbacks go (the service's own POST /payment/callback); set once listening. */
  setCallbackUrl(url: string): void;
  findSession(id: string): Promise<SandboxSession | null>;
  isExpired(session: SandboxSession): boolean;
  /**
   * The payer pressed Pay / Fail / Cancel: the first choice wins (an expired session is cancelled),
   * the signed callback is sent, and the browser goes to the return URL of the stored outcome.
   */
  complete(sessionId: string, chosen: PaymentOutcome): Promise<CompleteResult>;
  /** Signs a callback body as the sandbox does (tests use it to replay and forge). */
  sign(rawBody: string): string;
}

/**
 * The sandbox payment provider of the embedded mode: a real checkout page served by the payment
 * service, signed callbacks (HMAC-SHA256 over the body), redirects back to the SPA.
 */
export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { sessions, secret, clock, logger } = options;
  let callbackUrl: string | undefined;

  const isExpired = (session: SandboxSession) =>
    session.status === 'open' && clock.now().getTime() > Date.parse(session.expiresAt);

  async function deliver(session: SandboxSession): Promise<boolean> {
    if (!callbackUrl || !session.outcome) return false;
    const body: SandboxCallbackBody = {
      callbackId: randomUUID(),
      sessionId: session._id,
      paymentId: session.paymentId,
      outcome: session.outcome,
      amount: session.amount,
      currency: session.currency,
      occurredAt: clock.now().toISOString(),
    };
    const raw = JSON.stringify(body);
    try {
      const response = await fetch(callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        logger.warn({ status: response.status, sessionId: session._id }, 'sandbox callback refused');
        return false;
      }
      await sessions.updateOne({ _id: session._id }, { $set: { delivered: true } });
      return true;
    } catch (error) {
      logger.warn({ err: error, sessionId: session._id }, 'sandbox callback failed');
      return false;
    }
  }

  return {
    name: 'sandbox',
    setCallbackUrl(url) {
      callbackUrl = url;
    },
    sign: (raw) => signSandboxBody(secret, raw),
    findSession: (id) => sessions.findOne({ _id: id }),
    isExpired,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      if (options.failure === 'unavailable')
        throw new ProviderUnavailableError('sandbox configured as unavailable');
      if (options.failure === 'error')
        throw new ProviderError('SANDBOX_DECLINED', 'sandbox configured to refuse');
      const now = clock.now();
      const session: SandboxSession = {
        _id: randomUUID(),
        paymentId: request.paymentId,
        amount: request.amount,
        currency: request.currency,
        purpose: request.purpose,
        description: request.description,
        returnUrls: request.returnUrls,
        status: 'open',
        delivered: false,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + options.ttlMinutes * 60_000).toISOString(),
      };
      await sessions.insertOne(session);
      return {
        providerRef: session._id,
        checkoutUrl: `${options.checkoutBaseUrl}/payment/checkout/${session._id}`,
      };
    },

    verifyCallback(rawBody, header): ProviderCallback | null {
      if (!isValidSandboxSignature(secret, rawBody, header(SANDBOX_SIGNATURE_HEADER))) return null;
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const parsed = callbackBodySchema.safeParse(json);
      if (!parsed.success) return null;
      const { callbackId, sessionId, paymentId, outcome, amount, currency } = parsed.data;
      return { callbackId, providerRef: sessionId, paymentId, outcome, amount, currency };
    },

    async complete(sessionId, chosen) {
      let session = await sessions.findOne({ _id: sessionId });
      if (!session) return { kind: 'not-found' };
      if (session.status === 'open') {
        const outcome = isExpired(session) ? 'cancelled' : chosen;
        const claimed = await sessions.findOneAndUpdate(
          { _id: sessionId, status: 'open' },
          { $set: { status: 'completed', outcome, completedAt: clock.now().toISOString() } },
        );
        session = claimed ?? (await sessions.findOne({ _id: sessionId }));
        if (!session) return { kind: 'not-found' };
      }
      const outcome = session.outcome as PaymentOutcome;
      if (!session.delivered && !(await deliver(session))) return { kind: 'delivery-failed', session };
      return { kind: 'redirect', url: session.returnUrls[outcome], outcome };
    },
  };
}
