import { z } from 'zod';
import { CREW_NEW_PHONES_PER_DAY, CREW_SAVES_PER_DAY } from '@moba/contracts';
import { envPort, loadConfig, runtimeEnvSchema } from '@moba/platform';

export const applicationConfigSchema = runtimeEnvSchema.extend({
  PORT: envPort(0),
  /** New phones a group leader may add to their crew per day (each may send an invitation). */
  CREW_NEW_PHONES_PER_DAY: z.coerce.number().int().min(1).default(CREW_NEW_PHONES_PER_DAY),
  /** Crew saves per group leader per day. */
  CREW_SAVES_PER_DAY: z.coerce.number().int().min(1).default(CREW_SAVES_PER_DAY),
  /** How often the confirmation sweep looks for requests to ask and deadlines passed (on the Clock port). */
  CONFIRMATION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(10).default(30_000),
});
export type ApplicationConfig = z.infer<typeof applicationConfigSchema>;

export const loadApplicationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(applicationConfigSchema, env);
