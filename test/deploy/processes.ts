import { z } from 'zod';
import { PROBE_PATHS, METRICS_PATH, missingInProduction, productionRefusals } from '@moba/platform';
import {
  GATEWAY_REQUIRED_IN_PRODUCTION,
  gatewayConfigSchema,
  REQUIRED_OF_GATEWAY_PROCESS,
} from '../../gateway/src/config';
import { AUTH_REQUIRED_IN_PRODUCTION, authConfigSchema } from '../../services/auth/src/config';
import { vacancyConfigSchema } from '../../services/vacancy/src/config';
import { applicationConfigSchema } from '../../services/application/src/config';
import { ratingConfigSchema } from '../../services/rating/src/config';
import { paymentConfigSchema } from '../../services/payment/src/config';
import { notificationConfigSchema } from '../../services/notification/src/config';

export const PROCESS_NAMES = [
  'gateway',
  'auth',
  'vacancy',
  'application',
  'rating',
  'payment',
  'notification',
] as const;
export type ProcessName = (typeof PROCESS_NAMES)[number];

/** What the code of each process reads at start and answers on its probe paths. */
export interface ProcessFacts {
  schema: z.ZodType;
  probePaths: string[];
  /** Optional in the schema (the embedded mode), required when the process runs on its own. */
  required?: readonly string[];
  /** Optional in the schema, required in production (main.ts refuses to start without them). */
  requiredInProduction?: readonly string[];
  /** Signs tokens: holds the private key (or makes the pair in a writable KEYS_DIR). */
  signs?: boolean;
}

const servicePaths = [PROBE_PATHS.liveness, PROBE_PATHS.readiness, METRICS_PATH];

export const PROCESSES: Record<ProcessName, ProcessFacts> = {
  gateway: {
    schema: gatewayConfigSchema,
    probePaths: [...servicePaths, '/api/healthz'],
    required: REQUIRED_OF_GATEWAY_PROCESS,
    requiredInProduction: GATEWAY_REQUIRED_IN_PRODUCTION,
  },
  auth: {
    schema: authConfigSchema,
    probePaths: servicePaths,
    requiredInProduction: AUTH_REQUIRED_IN_PRODUCTION,
    signs: true,
  },
  vacancy: { schema: vacancyConfigSchema, probePaths: servicePaths },
  application: { schema: applicationConfigSchema, probePaths: servicePaths },
  rating: { schema: ratingConfigSchema, probePaths: servicePaths },
  payment: { schema: paymentConfigSchema, probePaths: servicePaths },
  notification: { schema: notificationConfigSchema, probePaths: servicePaths },
};

export const isProcessName = (name: string): name is ProcessName =>
  (PROCESS_NAMES as readonly string[]).includes(name);

/** The variables a config schema reads: the keys of its object, under refinements and transforms. */
export function variablesRead(schema: z.ZodType): Set<string> {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 10; depth++) {
    if (current instanceof z.ZodObject) return new Set(Object.keys(current.shape));
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else break;
  }
  throw new Error('a config schema must be a zod object (refined or transformed)');
}

/** Parses an environment the way the process does at start: its settings, or undefined when refused. */
export function parsedConfig(
  name: ProcessName,
  env: Record<string, string>,
): Record<string, unknown> | undefined {
  const result = PROCESSES[name].schema.safeParse(env);
  return result.success ? (result.data as Record<string, unknown>) : undefined;
}

/** Parses an environment the way the process does at start; answers the problems naming each variable. */
export function configProblems(name: ProcessName, env: Record<string, string>): string[] {
  const missing = (PROCESSES[name].required ?? []).filter((v) => !env[v]).map((v) => `${v}: required`);
  const result = PROCESSES[name].schema.safeParse(env);
  if (!result.success)
    return [...missing, ...result.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`)];
  const settings = result.data as Record<string, unknown>;
  return [
    ...missing,
    ...missingInProduction(settings, PROCESSES[name].requiredInProduction ?? []),
    ...productionRefusals(settings),
  ];
}
