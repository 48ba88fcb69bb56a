import { z } from 'zod';
import { envBool, envPort, envUrl, loadConfig, runtimeEnvSchema } from '@moba/platform';

const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** "+381=2000,+387=300": a daily SMS cap per calling code. */
const prefixCaps = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const caps: Record<string, number> = {};
      for (const entry of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const match = /^(\+\d{1,3})=(\d+)$/.exec(entry);
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not +CODE=COUNT, e.g. +381=2000` });
          return z.NEVER;
        }
        caps[match[1]!] = Number(match[2]);
      }
      return caps;
    });

export const notificationConfigSchema = runtimeEnvSchema.extend({
  PORT: envPort(0),
  /** dev:// stores mails in the dev mailbox (/dev/mailbox outside production); smtp(s)://user:pass@host:port sends them. */
  MAIL_URL: envUrl('dev://', ['dev', 'smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Moba <no-reply@moba.rs>'),
  /** The product's public address: links in SMS (a moba's page, /moba/:id) start with it. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Where contact messages are mailed. */
  TEAM_EMAIL: z.email().default('team@moba.rs'),
  /** Browser origins allowed to open the live channel (comma list); same-origin and no Origin are always allowed. */
  ALLOWED_ORIGINS: commaList.pipe(z.array(z.url())),
  /** Admins notified of contact messages besides those learned from UserRegistered (the first admin has no event). */
  ADMIN_USER_IDS: commaList.pipe(z.array(z.uuid())),
  /**
   * dev:// keeps SMS in the dev outbox (/dev/sms outside production); infobip://{apiKey}@{base}.api.infobip.com?sender=Moba
   * sends them through Infobip (infobip+http:// only for a local test server).
   */
  SMS_URL: envUrl('dev://', ['dev', 'infobip', 'infobip+http']),
  /** The password of the basic auth Infobip's inbound-SMS forwarding uses on POST /sms/inbound (STOP replies). */
  SMS_INBOUND_SECRET: z.string().min(16).optional(),
  /** Per-phone rate limit: at most SMS_PER_PHONE_MAX SMS per SMS_PER_PHONE_WINDOW_MS; more wait. */
  SMS_PER_PHONE_MAX: z.coerce.number().int().min(1).default(4),
  SMS_PER_PHONE_WINDOW_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /**
   * Daily caps (days of Europe/Belgrade) against SMS pumping: per phone, per calling code (listed ones;
   * every other code shares SMS_OTHER_PREFIXES_DAY_MAX), and in all. A message over one is refused and
   * recorded; reaching a calling code's or the whole day's budget logs an error and counts in
   * moba_sms_budget_reached_total.
   */
  SMS_PER_PHONE_DAY_MAX: z.coerce.number().int().min(1).default(8),
  SMS_PREFIX_DAY_CAPS: prefixCaps('+381=2000,+382=300,+387=300,+389=300,+359=100'),
  SMS_OTHER_PREFIXES_DAY_MAX: z.coerce.number().int().min(0).default(20),
  SMS_DAY_MAX: z.coerce.number().int().min(1).default(2500),
  /** true: a demo deployment may keep SMS in the dev outbox (SMS_URL=dev://) with NODE_ENV=production. */
  SMS_DEV_IN_PRODUCTION: envBool(false),
  /** A failed send is retried after base, 2 × base, … up to max, at most SMS_MAX_ATTEMPTS times. */
  SMS_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  SMS_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** How often the SMS job sends due messages and queues reminders. */
  SMS_JOB_INTERVAL_MS: z.coerce.number().int().min(50).default(5_000),
  /** From this hour (Europe/Belgrade) on the day before a moba starts, its accepted workers get the reminder. */
  SMS_REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(18),
  WS_HEARTBEAT_MS: z.coerce.number().int().min(50).default(30_000),
  WS_GREETING_TIMEOUT_MS: z.coerce.number().int().min(50).default(10_000),
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
});
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

export const loadNotificationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(notificationConfigSchema, env);
