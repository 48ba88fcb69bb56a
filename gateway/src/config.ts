import { z } from 'zod';
import { envPort, envUrl, loadConfig, runtimeEnvSchema } from '@moba/platform';
import type { ServiceName } from './route-table';
import { DEFAULT_QUEUE_LIMIT } from './proxy';

const SERVICE_NAMES: ServiceName[] = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'];

/** `auth=http://127.0.0.1:4101;notification=http://127.0.0.1:4106,http://127.0.0.1:4116` */
export const serviceUrlsSchema = z.string().transform((value, ctx) => {
  const urls = {} as Record<ServiceName, string[]>;
  for (const part of value
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, list = ''] = part.split('=');
    if (!SERVICE_NAMES.includes(name as ServiceName)) {
      ctx.addIssue({ code: 'custom', message: `unknown service ${name}` });
      return z.NEVER;
    }
    urls[name as ServiceName] = list
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
  }
  const missing = SERVICE_NAMES.filter((n) => !urls[n]?.length);
  if (missing.length) {
    ctx.addIssue({ code: 'custom', message: `no URL for ${missing.join(', ')}` });
    return z.NEVER;
  }
  return urls;
});

/** The gateway keeps no documents: it has no STORE_URL (a deployment that gives it one is told so). */
export const gatewayConfigSchema = runtimeEnvSchema.omit({ STORE_URL: true }).extend({
  PORT: envPort(8080),
  HOST: z.string().default('0.0.0.0'),
  SERVICE_URLS: serviceUrlsSchema.optional(),
  WEB_DIST: z.string().default('web/dist'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Requests that may wait for one service instance at once; more are answered 503 with Retry-After. */
  PROXY_QUEUE_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_QUEUE_LIMIT),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).default(1),
  /** Where the rate-limit windows are counted: memory:// (this instance alone) or redis:// (all gateways). */
  RATE_LIMIT_URL: envUrl('memory://', ['memory', 'redis', 'rediss']),
  /**
   * Proxies in front of the gateway that append the client to X-Forwarded-For (behind one ingress: 1).
   * 0 (the default) ignores the header: rate limits then count the socket's peer.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** The product's public address: absolute links in link previews (og:url). Unset: the request's host. */
  PUBLIC_URL: z.url().optional(),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Optional in the embedded mode (it knows its services), required of a gateway process (main.ts). */
export const REQUIRED_OF_GATEWAY_PROCESS = ['SERVICE_URLS'] as const;

/**
 * Required of a gateway process in production (main.ts refuses to start without them; test/deploy
 * asks every deployment for them): the secret it signs its calls to auth's /internal routes with.
 */
export const GATEWAY_REQUIRED_IN_PRODUCTION = ['INTERNAL_SECRET'] as const;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(gatewayConfigSchema, env);
