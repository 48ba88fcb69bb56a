import { z } from 'zod';
import { envPort, loadConfig, runtimeEnvSchema } from '@moba/platform';

export const applicationConfigSchema = runtimeEnvSchema.extend({
  PORT: envPort(0),
});
export type ApplicationConfig = z.infer<typeof applicationConfigSchema>;

export const loadApplicationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(applicationConfigSchema, env);
