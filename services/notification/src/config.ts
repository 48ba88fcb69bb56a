import { z } from 'zod';
import { envPort, envUrl, loadConfig, runtimeEnvSchema } from '@moba/platform';

const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const notificationConfigSchema = runtimeEnvSchema.extend({
  PORT: envPort(0),
  /** dev:// stores mails in the dev mailbox (/dev/mailbox outside production); smtp(s)://user:pass@host:port sends them. */
  MAIL_URL: envUrl('dev://', ['dev', 'smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Moba <no-reply@moba.rs>'),
  /** Where contact messages are mailed. */
  TEAM_EMAIL: z.email().default('team@moba.rs'),
  /** Browser origins allowed to open the live channel (comma list); same-origin and no Origin are always allowed. */
  ALLOWED_ORIGINS: commaList.pipe(z.array(z.url())),
  /** Admins notified of contact messages besides those learned from UserRegistered (the first admin has no event). */
  ADMIN_USER_IDS: commaList.pipe(z.array(z.uuid())),
  WS_HEARTBEAT_MS: z.coerce.number().int().min(50).default(30_000),
  WS_GREETING_TIMEOUT_MS: z.coerce.number().int().min(50).default(10_000),
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
});
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

export const loadNotificationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(notificationConfigSchema, env);
