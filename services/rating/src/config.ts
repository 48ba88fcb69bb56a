import { z } from 'zod';
import { envPort, loadConfig, runtimeEnvSchema } from '@moba/platform';

export const ratingConfigSchema = runtimeEnvSchema.extend({
  PORT: envPort(0),
});
export type RatingConfig = z.infer<typeof ratingConfigSchema>;

export const loadRatingConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(ratingConfigSchema, env);
