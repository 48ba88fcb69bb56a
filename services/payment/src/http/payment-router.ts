import express, { type Express, type Response } from 'express';
import {
  createPaymentBodySchema,
  donationInstructionsBodySchema,
  idParamsSchema,
  PAYMENT_ERROR_CODE_HEADER,
  PAYMENT_INVALID_FIELDS_HEADER,
  paymentErrorCodes,
  paymentErrorTexts,
} from '@moba/contracts';
import { AppError, errorHttpStatus, parseInput, type Logger, type TokenVerifier } from '@moba/platform';
import { createPayment, type CreatePaymentDeps } from '../create-payment/create-payment';
import { handleProviderCallback } from '../complete-payment/complete-payment';
import { getPaymentStatus } from '../get-payment-status/get-payment-status';
import { donationInstructions } from '../donation-instructions/donation-instructions';
import { sessionUser } from '../check-session/check-session';

/**
 * POST /payment/create answers text (spec §7, §8): every failure becomes a text body with its status,
 * the stable code in `x-error-code` and, for bad input, the fields in `x-invalid-fields`.
 */
export function asPaymentTextError(error: unknown, res: Response, logger: Logger): AppError {
  if (error instanceof AppError) {
    const code = error.code === 'VALIDATION' ? paymentErrorCodes.INVALID_PARAMETERS : error.code;
    res.setHeader(PAYMENT_ERROR_CODE_HEADER, code);
    if (error.details?.length)
      res.setHeader(PAYMENT_INVALID_FIELDS_HEADER, [...new Set(error.details.map((d) => d.field))].join(','));
    if (error.literalBody !== undefined) return error;
    const text = errorHttpStatus(error) === 400 ? paymentErrorTexts.invalidParameters : error.message;
    return new AppError(code, error.message, error.details, text);
  }
  logger.error({ err: error }, 'payment create failed');
  res.setHeader(PAYMENT_ERROR_CODE_HEADER, paymentErrorCodes.UNKNOWN);
  const text = paymentErrorTexts.unknown('INTERNAL');
  return new AppError(paymentErrorCodes.UNKNOWN, text, undefined, text);
}

export function mountPaymentRoutes(app: Express, deps: CreatePaymentDeps & { tokens: TokenVerifier }) {
  const { tokens, logger } = deps;
  /** The caller, if signed in; a revoked session (password changed, banned) answers 401. */
  const caller = sessionUser(tokens, deps.store);

  app.post('/payment/create', caller, async (req, res) => {
    try {
      const body = parseInput(createPaymentBodySchema, req.body ?? {});
      const url = await createPayment(deps, body, req.user);
      res.status(200).type('text/plain').send(url);
    } catch (error) {
      throw asPaymentTextError(error, res, logger);
    }
  });

  app.get('/payment/status/:id', caller, async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params);
    res.setHeader('cache-control', 'no-store');
    res.json(await getPaymentStatus(deps.store, id, req.user));
  });

  // The signature covers the exact body bytes, so the callback is read as text (not parsed JSON).
  app.post('/payment/callback', express.text({ type: () => true, limit: '16kb' }), async (req, res) => {
    const raw = typeof req.body === 'string' ? req.body : undefined;
    const result = await handleProviderCallback(deps, raw, (name) => req.header(name));
    res.json({ ok: true, ...result });
  });

  app.post('/payment/donation/instructions', caller, async (req, res) => {
    const body = parseInput(donationInstructionsBodySchema, req.body ?? {});
    res.setHeader('cache-control', 'no-store');
    res.json(await donationInstructions(deps, body, req.user));
  });
}
