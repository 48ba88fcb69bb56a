import { z } from 'zod';
import { envPort, loadConfig, runtimeEnvSchema } from '@moba/platform';

const isoDate = z.iso.date({ message: 'must be a date YYYY-MM-DD' });
const positiveMs = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const vacancyConfigSchema = runtimeEnvSchema
  .extend({
    PORT: envPort(0),
    /** The promo period (both days included): an estate's first vacancy in it is featured for free. */
    PROMO_START: isoDate.default('2025-03-01'),
    PROMO_END: isoDate.default('2026-12-31'),
    /** How often the status job runs (date transitions, payment timeouts). */
    SCHEDULER_INTERVAL_MS: positiveMs(5000),
    /** A Pending vacancy without a payment outcome for this long becomes Open, not featured. */
    PENDING_TIMEOUT_MS: positiveMs(30 * 60_000),
  })
  .refine((c) => c.PROMO_START <= c.PROMO_END, {
    path: ['PROMO_END'],
    message: 'must not be before PROMO_START',
  });
export type VacancyConfig = z.infer<typeof vacancyConfigSchema>;

export const loadVacancyConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(vacancyConfigSchema, env);
