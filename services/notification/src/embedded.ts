import type { EmbeddedContext } from '@moba/platform';
import { loadNotificationConfig } from './config';
import { createService, type NotificationService } from './service';

/** Builds the notification service for the one-process embedded runtime. */
export function createEmbedded(ctx: EmbeddedContext): Promise<NotificationService> {
  // Browsers reach the live channel through the gateway: its public origin and the gateway's CORS
  // origins are allowed too.
  const publicOrigin = new URL(ctx.publicUrl).origin;
  const allowed = [ctx.env.ALLOWED_ORIGINS, ctx.env.CORS_ORIGINS, publicOrigin].filter(Boolean).join(',');
  return createService({
    ...ctx,
    fanout: ctx.fanoutHub.instance(),
    config: loadNotificationConfig({
      ...ctx.env,
      PORT: '0',
      ALLOWED_ORIGINS: allowed,
      PUBLIC_URL: ctx.env.PUBLIC_URL ?? ctx.publicUrl,
    }),
  });
}
