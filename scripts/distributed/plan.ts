/**
 * The distributed mode's topology, in one place: which processes run, on which ports, with which
 * adapter URLs. `npm run start:distributed` (scripts/start-distributed.mjs) runs it on fixed ports; the
 * resilience cluster (test/resilience/support/cluster.ts, used by the kill drill and bench/peak) runs the
 * same plan on free ports so it can SIGKILL and restart any single instance.
 *
 *   event bus  Redis Streams            EVENT_BUS_URL=redis://…?prefix=<prefix>
 *   fan-out    Redis pub/sub            FANOUT_URL=redis://…?channel=<prefix>:fanout
 *   rate limit Redis windows            RATE_LIMIT_URL=redis://…?prefix=<prefix>:rate: (gateway)
 *   dev clock  one Redis hash           CLOCK_URL=redis://…?key=<prefix>:clock (not in production)
 *   stores     PostgreSQL               STORE_URL=postgres://…?schema=<prefix>: schema <prefix>_<service>,
 *                                       one per service, shared by that service's instances
 *   instances  vacancy, application and notification `hot` times each (1 or 2), the others once;
 *              the gateway round-robins over a service's instances (SERVICE_URLS).
 */
export const SERVICES = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'] as const;
export type Service = (typeof SERVICES)[number];
/** The services a harvest peak loads: browsing, applying, the notification panel and live push. */
export const HOT_SERVICES: readonly Service[] = ['vacancy', 'application', 'notification'];

export interface Instance {
  /** `vacancy-2` when a service runs more than once, else the service's name. */
  name: string;
  service: Service;
  port: number;
  env: Record<string, string>;
}

export interface PlanOptions {
  redisUrl: string;
  /** Keeps a run's streams, channels, keys and schemas apart from every other run's ('' = none). */
  prefix: string;
  postgresUrl: string;
  hotInstances: number;
  /** The port of an instance: `ordinal` counts from 1 within its service. */
  portOf: (service: Service, ordinal: number) => number;
  dataDir: string;
  publicUrl: string;
  nodeEnv: string;
  logLevel: string;
  /** Extra query parameters for the bus URL (the kill drill takes over a killed consumer's events sooner). */
  busParams?: Record<string, string>;
}

const withParams = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [key, value] of Object.entries(params)) if (value) u.searchParams.set(key, value);
  return u.toString();
};

const identifier = (text: string) => text.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/** What every schema of a run starts with ('' without a prefix). */
export const schemaPrefix = (prefix: string) => (prefix ? `${identifier(prefix)}_` : '');

/** A PostgreSQL schema name: lower case letters, digits and underscores, at most 63 characters. */
export const schemaName = (prefix: string, service: string) =>
  `${schemaPrefix(prefix)}${identifier(service)}`.slice(0, 63);

/** The PostgreSQL store adapter names each service's schema `<schema>_<service>` (or `<service>`). */
export const storeUrlOf = (postgresUrl: string, prefix: string) =>
  withParams(postgresUrl, { schema: prefix });

export function distributedPlan(options: PlanOptions) {
  const { redisUrl, prefix, postgresUrl, hotInstances, dataDir } = options;
  if (!Number.isInteger(hotInstances) || hotInstances < 1 || hotInstances > 2)
    throw new Error(`HOT_INSTANCES must be 1 or 2 (got ${hotInstances})`);
  const keysDir = `${dataDir}/keys`;
  const redisName = prefix || 'moba';
  const shared: Record<string, string> = {
    NODE_ENV: options.nodeEnv,
    LOG_LEVEL: options.logLevel,
    EVENT_BUS_URL: withParams(redisUrl, { prefix, ...options.busParams }),
    FANOUT_URL: withParams(redisUrl, { channel: `${redisName}:fanout` }),
    KEYS_DIR: keysDir,
    PUBLIC_URL: options.publicUrl,
    HOST: '127.0.0.1',
    // The dev clock every process shares (POST /api/dev/clock moves it); production has none.
    ...(options.nodeEnv === 'production'
      ? {}
      : { CLOCK_URL: withParams(redisUrl, { key: `${redisName}:clock` }) }),
  };

  const instances: Instance[] = SERVICES.flatMap((service) => {
    const count = HOT_SERVICES.includes(service) ? hotInstances : 1;
    return Array.from({ length: count }, (_, i) => {
      const port = options.portOf(service, i + 1);
      return {
        name: count > 1 ? `${service}-${i + 1}` : service,
        service,
        port,
        env: {
          ...shared,
          PORT: String(port),
          STORE_URL: storeUrlOf(postgresUrl, prefix),
          ...(service === 'auth' ? { PHOTOS_DIR: `${dataDir}/auth-photos` } : {}),
        },
      };
    });
  });
  const urlOf = (instance: Instance) => `http://127.0.0.1:${instance.port}`;
  const serviceUrls = SERVICES.map(
    (service) =>
      `${service}=${instances
        .filter((i) => i.service === service)
        .map(urlOf)
        .join(',')}`,
  ).join(';');
  const gatewayEnv: Record<string, string> = {
    ...shared,
    SERVICE_URLS: serviceUrls,
    RATE_LIMIT_URL: withParams(redisUrl, { prefix: `${redisName}:rate:` }),
  };
  const hidePassword = (url: string) => {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  };
  const engines = [
    `event bus Redis Streams ${redisUrl}${prefix ? ` (prefix ${prefix})` : ''}`,
    `fan-out Redis pub/sub`,
    `stores PostgreSQL ${hidePassword(postgresUrl)} (schemas ${schemaName(prefix, '<service>')})`,
  ];
  return { instances, urlOf, serviceUrls, gatewayEnv, engines, keysDir };
}
export type DistributedPlan = ReturnType<typeof distributedPlan>;
