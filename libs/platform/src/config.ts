import { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start; a bad value stops the process naming the variable. */
export function loadConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(
    result.error.issues.map((i) => i.path.join('.')),
    `invalid configuration:\n  ${problems.join('\n  ')}`,
  );
}

/** Env helpers: booleans and numbers arrive as strings. */
export const envBool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');
export const envPort = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const envUrl = (fallback: string, schemes: string[]) =>
  z
    .string()
    .default(fallback)
    .refine((v) => schemes.some((s) => v.startsWith(`${s}://`)), {
      message: `must start with one of ${schemes.map((s) => `${s}://`).join(', ')}`,
    });

/** The adapter URLs every service reads (ARCHITECTURE §2). */
export const runtimeEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  EVENT_BUS_URL: envUrl('memory://', ['memory', 'redis', 'kafka']),
  STORE_URL: envUrl('file://./data', ['memory', 'file', 'mongodb', 'postgres', 'postgresql']),
  /**
   * PostgreSQL connections of this process, over the URL's `pool` (one STORE_URL serves every service;
   * each sets its own); unset: the URL's, else the service's default (store/postgres-limits.ts).
   */
  STORE_POOL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(100).optional(),
  ),
  FANOUT_URL: envUrl('memory://', ['memory', 'redis']),
  /** system:// (the machine's time) or redis://…?key=… (a dev clock every process shares; not in production). */
  CLOCK_URL: envUrl('system://', ['system', 'redis', 'rediss']),
  /** The key(s) session tokens are verified with: one PEM, or the new and the old one during a rotation. */
  JWT_PUBLIC_KEY: z.string().optional(),
  KEYS_DIR: z.string().default('./data/keys'),
  /** Signs service-to-service calls (service-tokens.ts); without it KEYS_DIR/internal-secret (made on first start). */
  INTERNAL_SECRET: z.string().min(32).optional(),
  /** During a rotation of INTERNAL_SECRET: the old one, still accepted from callers (never signed with). */
  INTERNAL_SECRET_PREVIOUS: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SIGTERM: how long requests in flight may take to finish (k8s: below the grace period minus preStop). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /** A second port serving only /metrics (k8s lets Prometheus reach that port alone); 0: /metrics on PORT. */
  METRICS_PORT: envPort(0),
  /** OTLP/HTTP collector (e.g. http://otel-collector:4318): traces are exported there; unset: tracing off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
});
export type RuntimeEnv = z.infer<typeof runtimeEnvSchema>;
