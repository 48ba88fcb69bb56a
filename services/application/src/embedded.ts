import type { EmbeddedContext, Service } from '@moba/platform';
import { loadApplicationConfig } from './config';
import { createService } from './service';

/** Builds the application service for the one-process embedded runtime. */
export function createEmbedded(ctx: EmbeddedContext): Promise<Service> {
  return createService({ ...ctx, config: loadApplicationConfig({ ...ctx.env, PORT: '0' }) });
}
