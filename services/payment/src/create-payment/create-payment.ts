import { randomUUID } from 'node:crypto';
import {
  donationTierOf,
  paymentErrorCodes,
  paymentErrorTexts,
  type CreatePaymentBody,
} from '@moba/contracts';
import {
  AppError,
  DuplicateKeyError,
  forbidden,
  sleep,
  type AuthUser,
  type Clock,
  type Logger,
  type OutboxRelay,
} from '@moba/platform';
import type { PaymentConfig } from '../config';
import { decideFeaturing, type PaymentDoc, type VacancyReplica } from '../domain/payment';
import { donationReturnUrls, featuringReturnUrls, freeFeaturingUrl } from '../domain/return-urls';
import {
  ProviderError,
  ProviderUnavailableError,
  type CheckoutRequest,
  type PaymentProvider,
} from '../provider/payment-provider';
import type { PaymentStore } from '../store';
import { completePayment } from '../complete-payment/complete-payment';

export interface CreatePaymentDeps {
  store: PaymentStore;
  provider: PaymentProvider;
  config: PaymentConfig;
  clock: Clock;
  relay: OutboxRelay;
  logger: Logger;
}

const invalid = (code: string, message: string = paymentErrorTexts.invalidParameters) =>
  new AppError(code, message, undefined, paymentErrorTexts.invalidParameters);

/** The vacancy replica; a vacancy created a moment ago may still be on its way (VacancyCreated). */
async function findVacancy(deps: CreatePaymentDeps, vacancyId: string): Promise<VacancyReplica | null> {
  const deadline = Date.now() + deps.config.PAYMENT_REPLICA_WAIT_MS;
  for (;;) {
    const vacancy = await deps.store.vacancies.findOne({ _id: vacancyId });
    if (vacancy || Date.now() >= deadline) return vacancy;
    await sleep(50);
  }
}

/** Opens a checkout with the provider, mapping its failures to the spec's payment error texts. */
async function providerCheckout(deps: CreatePaymentDeps, request: CheckoutRequest) {
  try {
    const checkout = await deps.provider.createCheckout(request);
    if (!checkout.checkoutUrl) throw new ProviderUnavailableError('provider gave no checkout URL');
    return checkout;
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      deps.logger.warn({ err: error, paymentId: request.paymentId }, 'payment provider unavailable');
      throw new AppError(
        paymentErrorCodes.URL_NOT_AVAILABLE,
        paymentErrorTexts.urlNotAvailable,
        undefined,
        paymentErrorTexts.urlNotAvailable,
      );
    }
    const code = error instanceof ProviderError ? error.code : 'PROVIDER_FAILURE';
    deps.logger.error({ err: error, paymentId: request.paymentId, code }, 'payment provider error');
    const text = paymentErrorTexts.unknown(code);
    throw new AppError(paymentErrorCodes.UNKNOWN, text, undefined, text);
  }
}

/**
 * Opens the provider's checkout for a new payment (its return URLs name the payment's id) and answers
 * the new payment document as far as every purpose fills it.
 */
async function openCheckout(
  deps: CreatePaymentDeps,
  request: Pick<CheckoutRequest, 'amount' | 'purpose' | 'description'>,
  returnUrlsOf: (paymentId: string) => CheckoutRequest['returnUrls'],
): Promise<PaymentDoc> {
  const paymentId = randomUUID();
  const checkout = await providerCheckout(deps, {
    ...request,
    paymentId,
    currency: 'RSD',
    returnUrls: returnUrlsOf(paymentId),
  });
  return {
    _id: paymentId,
    purpose: request.purpose,
    status: 'created',
    amount: request.amount,
    currency: 'RSD',
    provider: deps.provider.name,
    providerRef: checkout.providerRef,
    checkoutUrl: checkout.checkoutUrl,
    createdAt: deps.clock.now().toISOString(),
  };
}

async function storePayment(deps: CreatePaymentDeps, payment: PaymentDoc): Promise<PaymentDoc> {
  await deps.store.payments.insertOne(payment);
  return payment;
}

/** Featuring a vacancy: only its estate, price from config, the promo's free vacancy needs no checkout. */
async function createFeaturingPayment(
  deps: CreatePaymentDeps,
  vacancyId: string,
  user: AuthUser | undefined,
): Promise<string> {
  if (!user)
    throw new AppError('UNAUTHENTICATED', 'authentication required', undefined, 'authentication required');
  if (user.role !== 'Estate') throw forbiddenText();
  const vacancy = await findVacancy(deps, vacancyId);
  if (!vacancy || vacancy.deleted) {
    throw new AppError(
      paymentErrorCodes.VACANCY_NOT_FOUND,
      'vacancy not found',
      undefined,
      'vacancy not found',
    );
  }
  if (vacancy.estateId !== user.id) throw forbiddenText();

  const { payments } = deps.store;
  const succeeded = await payments.count({ vacancyId, status: 'succeeded' });
  const decision = decideFeaturing(vacancy, deps.config.FEATURED_PRICE_RSD, succeeded > 0);
  if (decision.kind === 'free') return freeFeaturingUrl(deps.config.PUBLIC_URL, vacancyId);
  if (decision.kind === 'refuse') {
    const code =
      decision.reason === 'ALREADY_FEATURED'
        ? paymentErrorCodes.ALREADY_FEATURED
        : paymentErrorCodes.NOT_FEATURABLE;
    throw invalid(
      code,
      decision.reason === 'ALREADY_FEATURED'
        ? 'vacancy is already featured'
        : 'vacancy cannot be featured by payment',
    );
  }

  // One open checkout per vacancy: a second click answers the same checkout; a stale one is cancelled.
  const open = await payments.findOne({ openFor: vacancyId });
  if (open) {
    const ageMs = deps.clock.now().getTime() - Date.parse(open.createdAt);
    if (ageMs < deps.config.PAYMENT_CHECKOUT_TTL_MINUTES * 60_000 && open.amount === decision.amount)
      return open.checkoutUrl;
    await completePayment(deps, open._id, 'cancelled');
  }

  const payment = await openCheckout(
    deps,
    { amount: decision.amount, purpose: 'featuring', description: vacancy.title ?? vacancyId },
    (paymentId) => featuringReturnUrls(deps.config.PUBLIC_URL, vacancyId, paymentId),
  );
  try {
    await storePayment(deps, {
      ...payment,
      vacancyId,
      estateId: vacancy.estateId,
      payerId: user.id,
      openFor: vacancyId,
    });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    // A concurrent click opened the checkout first: answer that one.
    const winner = await payments.findOne({ openFor: vacancyId });
    if (!winner) throw error;
    return winner.checkoutUrl;
  }
  return payment.checkoutUrl;
}

/** A card donation, by anyone (spec §6: visitors and every signed-in role may donate). */
async function createDonationPayment(
  deps: CreatePaymentDeps,
  body: Extract<CreatePaymentBody, { purpose: 'donation' }>,
  user: AuthUser | undefined,
): Promise<string> {
  if (body.method !== 'card') {
    throw new AppError(
      paymentErrorCodes.INVALID_PARAMETERS,
      'invalid method',
      [
        {
          field: 'method',
          code: 'invalid_option',
          message: "only 'card' has a checkout; use POST /payment/donation/instructions for 'qr' and 'slip'",
        },
      ],
      paymentErrorTexts.invalidParameters,
    );
  }
  const payment = await openCheckout(
    deps,
    { amount: body.amount, purpose: 'donation', description: deps.config.DONATION_PURPOSE },
    (paymentId) => donationReturnUrls(deps.config.PUBLIC_URL, paymentId),
  );
  await storePayment(deps, {
    ...payment,
    method: 'card',
    tier: donationTierOf(body.amount),
    ...(user ? { payerId: user.id } : {}),
  });
  return payment.checkoutUrl;
}

const forbiddenText = () => {
  const error = forbidden('not allowed');
  return new AppError(error.code, error.message, undefined, 'not allowed');
};

/** POST /payment/create: answers the URL the browser goes to next (checkout, or the SPA for a free featuring). */
export function createPayment(
  deps: CreatePaymentDeps,
  body: CreatePaymentBody,
  user: AuthUser | undefined,
): Promise<string> {
  return body.purpose === 'featuring'
    ? createFeaturingPayment(deps, body.vacancyId, user)
    : createDonationPayment(deps, body, user);
}
