import type { EmbeddedContext, Service } from '@moba/platform';
import { loadRatingConfig } from './config';
import { createService } from './service';

/** Builds the rating service for the one-process embedded runtime. */
export function createEmbedded(ctx: EmbeddedContext): Promise<Service> {
  return createService({ ...ctx, config: loadRatingConfig({ ...ctx.env, PORT: '0' }) });
}
