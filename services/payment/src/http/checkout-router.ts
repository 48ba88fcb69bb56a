import { randomBytes } from 'node:crypto';
import type { Express, Response } from 'express';
import { z } from 'zod';
import { paymentOutcomeSchema, uuidV4Schema } from '@moba/contracts';
import type { SandboxProvider } from '../provider/sandbox-provider';
import { checkoutCsp, renderCheckoutPage, renderMessagePage } from '../provider/checkout-page';

const pageParams = z.object({ id: uuidV4Schema });
const outcomeParams = z.object({ id: uuidV4Schema, outcome: paymentOutcomeSchema });

/**
 * The sandbox provider's hosted checkout, served by the payment service: GET shows amount, purpose and
 * Pay / Fail / Cancel; POST makes the signed callback and sends the browser back to the SPA (303).
 */
export function mountCheckoutRoutes(app: Express, sandbox: SandboxProvider, publicUrl: string) {
  const spaOrigin = new URL(publicUrl).origin;

  const html = (res: Response, status: number, render: (nonce: string) => string) => {
    const nonce = randomBytes(16).toString('base64');
    res.setHeader('content-security-policy', checkoutCsp(nonce, spaOrigin));
    res.setHeader('cache-control', 'no-store');
    res.setHeader('referrer-policy', 'no-referrer');
    res.status(status).type('html').send(render(nonce));
  };
  const notFoundPage = (res: Response) =>
    html(res, 404, (nonce) =>
      renderMessagePage(
        nonce,
        'Plaćanje nije pronađeno / Payment not found',
        'Proverite link. / Check the link.',
      ),
    );

  app.get('/payment/checkout/:id', async (req, res) => {
    const params = pageParams.safeParse(req.params);
    const session = params.success ? await sandbox.findSession(params.data.id) : null;
    if (!session) return notFoundPage(res);
    html(res, 200, (nonce) =>
      renderCheckoutPage(session, nonce, {
        expired: sandbox.isExpired(session),
        slash: req.path.endsWith('/'),
      }),
    );
  });

  app.post('/payment/checkout/:id/:outcome', async (req, res) => {
    const params = outcomeParams.safeParse(req.params);
    if (!params.success) return notFoundPage(res);
    const result = await sandbox.complete(params.data.id, params.data.outcome);
    if (result.kind === 'not-found') return notFoundPage(res);
    if (result.kind === 'delivery-failed') {
      return html(res, 502, (nonce) =>
        renderMessagePage(
          nonce,
          'Potvrda nije uspela / Confirmation failed',
          'Pokušajte ponovo. / Please try again.',
          {
            action: `./${result.session.outcome}`,
            label: 'Pokušaj ponovo / Try again',
          },
        ),
      );
    }
    res.redirect(303, result.url);
  });
}
