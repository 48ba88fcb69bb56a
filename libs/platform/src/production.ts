import { ConfigError } from './config';

type Settings = Record<string, unknown>;

/**
 * Settings that are right on a developer's machine and wrong in production. With NODE_ENV=production
 * a process refuses to start on any of them, naming the variable (ARCHITECTURE §2: production runs
 * Kafka, a real mailer, a real SMS provider and a real payment provider). One table, so the deployment check
 * (test/deploy) applies the same rules to every manifest.
 */
const PRODUCTION_RULES: {
  variable: string;
  refuses: (value: unknown, settings: Settings) => string | undefined;
}[] = [
  {
    variable: 'EVENT_BUS_URL',
    refuses: (value) =>
      String(value).startsWith('memory://')
        ? 'memory:// carries events inside one process only; use kafka:// (or redis://)'
        : undefined,
  },
  {
    variable: 'MAIL_URL',
    refuses: (value) =>
      String(value).startsWith('dev://')
        ? 'dev:// keeps mails in a dev mailbox nobody reads; use smtp:// or smtps://'
        : undefined,
  },
  {
    variable: 'SMS_URL',
    refuses: (value, settings) =>
      String(value).startsWith('dev://') && settings.SMS_DEV_IN_PRODUCTION !== true
        ? 'dev:// keeps SMS in a dev outbox nobody reads; use infobip://, or set SMS_DEV_IN_PRODUCTION=true on a demo deployment'
        : undefined,
  },
  {
    variable: 'PAYMENT_PROVIDER',
    refuses: (value, settings) =>
      value === 'sandbox' && settings.PAYMENT_SANDBOX_IN_PRODUCTION !== true
        ? 'the sandbox features vacancies without charging; plug in a real provider, or set PAYMENT_SANDBOX_IN_PRODUCTION=true on a demo deployment'
        : undefined,
  },
];

/** The production refusals of a parsed configuration: empty outside production. */
export function productionRefusals(settings: Settings): string[] {
  if (settings.NODE_ENV !== 'production') return [];
  return PRODUCTION_RULES.flatMap(({ variable, refuses }) => {
    if (!(variable in settings)) return [];
    const reason = refuses(settings[variable], settings);
    return reason ? [`${variable}: ${reason}`] : [];
  });
}

/** Stops the start of a production process configured for development (a ConfigError naming each variable). */
export function refuseDevelopmentSettingsInProduction(settings: Settings): void {
  const refusals = productionRefusals(settings);
  if (refusals.length)
    throw new ConfigError(
      refusals.map((r) => r.split(':')[0]),
      `refusing to start in production:\n  ${refusals.join('\n  ')}`,
    );
}
