import type { EmbeddedContext, Service } from '@moba/platform';
import { loadVacancyConfig } from './config';
import { createService } from './service';

/** Builds the vacancy service for the one-process embedded runtime. */
export function createEmbedded(ctx: EmbeddedContext): Promise<Service> {
  return createService({ ...ctx, config: loadVacancyConfig({ ...ctx.env, PORT: '0' }) });
}
