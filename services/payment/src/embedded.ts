import type { EmbeddedContext, Service } from '@moba/platform';
import { loadPaymentConfig } from './config';
import { createService } from './service';

/** Builds the payment service for the one-process embedded runtime (sandbox provider, generated callback secret). */
export function createEmbedded(ctx: EmbeddedContext): Promise<Service> {
  return createService({
    ...ctx,
    config: loadPaymentConfig({ ...ctx.env, PUBLIC_URL: ctx.publicUrl, PORT: '0' }),
  });
}
