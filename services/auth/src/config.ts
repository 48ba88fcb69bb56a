import { z } from 'zod';
import { envPort, loadConfig, runtimeEnvSchema } from '@moba/platform';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const authConfigSchema = runtimeEnvSchema.extend({
  PORT: envPort(0),
  /** The address browsers use (the gateway); links in mails start with it. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Signing key (PKCS#8 PEM). Without it main.ts reads (or creates) KEYS_DIR/jwt-private.pem. */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** A folder auth also writes jwt-public.pem to, for the other processes (compose: a volume only auth writes). */
  PUBLIC_KEY_DIR: z.string().optional(),
  /** Where profile photos are kept (embedded: DATA_DIR/auth-photos). */
  PHOTOS_DIR: z.string().default('./data/auth-photos'),
  TOKEN_TTL_SECONDS: positiveInt(24 * 60 * 60),
  EMAIL_LINK_TTL_HOURS: positiveInt(48),
  RESET_LINK_TTL_MINUTES: positiveInt(60),
  /** Failed logins per account within the window before the account is refused with 429. */
  LOGIN_MAX_FAILURES: positiveInt(5),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt(15),
  /** Failed logins per client address within the same window (any accounts) before 429. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(30),
  /** First start: the admin account created when none exists (password generated and printed once if empty). */
  ADMIN_EMAIL: z.email().default('admin@moba.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** argon2id cost (OWASP minimum by default: 19 MiB, 2 passes). */
  ARGON2_MEMORY_KIB: positiveInt(19456),
  ARGON2_TIME_COST: positiveInt(2),
});
/**
 * Required of the auth process in production (main.ts refuses to start without them; test/deploy asks
 * every deployment for them): the secret the gateway's calls to /internal are signed with.
 */
export const AUTH_REQUIRED_IN_PRODUCTION = ['INTERNAL_SECRET'] as const;

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(authConfigSchema, env);
