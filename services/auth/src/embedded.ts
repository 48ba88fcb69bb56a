import { join } from 'node:path';
import type { EmbeddedContext, Service } from '@moba/platform';
import { loadAuthConfig } from './config';
import { createService } from './service';

/** Builds the auth service for the one-process embedded runtime. */
export function createEmbedded(ctx: EmbeddedContext): Promise<Service> {
  const config = loadAuthConfig({
    PHOTOS_DIR: join(ctx.dataDir, 'auth-photos'),
    ...ctx.env,
    PUBLIC_URL: ctx.publicUrl,
    PORT: '0',
  });
  return createService({
    ...ctx,
    config,
    privateKeyPem: ctx.keys.privateKeyPem,
    internalSecret: ctx.internalSecret,
  });
}
