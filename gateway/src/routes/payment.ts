import {
  checkoutPaymentBodySchema,
  donationInstructionsBodySchema,
  donationInstructionsResponseSchema,
  paymentStatusResponseSchema,
} from '@moba/contracts';
import { route } from './route';

/**
 * Payment routes. All are 'public' at the gateway on purpose; the payment service decides:
 * - POST /payment/create: a featuring needs the owning Estate (checked against the vacancy replica);
 *   a donation is open to visitors and every role (spec §6). Answers text/plain.
 * - GET /payment/status/:id: payment id or vacancy id; featuring → its estate or an admin; a signed-in
 *   donor's donation → that donor or an admin; a visitor's donation → whoever holds the id.
 * - GET /payment/checkout/:id, POST /payment/checkout/:id/:outcome: the sandbox provider's hosted checkout,
 *   opened by a browser without a bearer token (the link is the capability).
 * - POST /payment/callback: the provider's server-to-server call, authenticated by its HMAC signature.
 * - POST /payment/donation/instructions: IPS QR code and payment slip data, open to everyone.
 */
export const paymentRoutes = [
  route('POST', '/payment/create', 'payment', 'public', {
    contentType: 'text/plain',
    refusals: [403, 404, 409, 502],
    rateLimit: 'payment',
    ownsObject: true,
    body: checkoutPaymentBodySchema,
    summary:
      "Featuring (owning estate) or card donation (anyone). Answers text/plain: the checkout URL, the SPA URL for a free promo featuring, or 'invalid payment parameters' / 'payment URL not available' / 'unknown payment error (code …)' with x-error-code",
  }),
  route('GET', '/payment/status/:id', 'payment', 'public', {
    refusals: [403, 404],
    ownsObject: true,
    response: paymentStatusResponseSchema,
    summary:
      'Status of a payment, by payment id or by vacancy id (its newest featuring payment, or a free promo featuring)',
  }),
  route('GET', '/payment/checkout/:id', 'payment', 'public', {
    contentType: 'text/html',
    refusals: [404],
    summary: 'Sandbox provider: the hosted checkout page (HTML) with Pay / Fail / Cancel',
  }),
  route('POST', '/payment/checkout/:id/:outcome', 'payment', 'public', {
    status: 303,
    refusals: [404],
    rateLimit: 'payment',
    summary:
      'Sandbox provider: a checkout button (outcome succeeded|failed|cancelled); signed callback, then 303 back to the SPA',
  }),
  route('POST', '/payment/callback', 'payment', 'public', {
    refusals: [401, 404],
    summary:
      'Provider callback: text body signed with HMAC-SHA256 in x-sandbox-signature; replays and forgeries change nothing',
  }),
  route('POST', '/payment/donation/instructions', 'payment', 'public', {
    rateLimit: 'payment',
    body: donationInstructionsBodySchema,
    response: donationInstructionsResponseSchema,
    summary: 'Donation by NBS IPS QR code or payment slip: the IPS QR text, its PNG and the filled slip data',
  }),
];
