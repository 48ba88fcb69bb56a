import { DAYS_PER_MONTH_RELATIVE } from '@moba/contracts/limits';

export type RelativeUnit = 'justNow' | 'minutes' | 'hours' | 'days' | 'months';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9: just now, minutes, hours, days, months of 30 days. A date in the future reads "just now". */
export function relativeParts(date: Date | string, nowMs: number): { unit: RelativeUnit; count: number } {
  const then = typeof date === 'string' ? Date.parse(date) : date.getTime();
  const elapsed = Math.max(0, nowMs - then);
  if (Number.isNaN(elapsed) || elapsed < MINUTE) return { unit: 'justNow', count: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  const days = Math.floor(elapsed / DAY);
  if (days < DAYS_PER_MONTH_RELATIVE) return { unit: 'days', count: days };
  return { unit: 'months', count: Math.floor(days / DAYS_PER_MONTH_RELATIVE) };
}

/** Formats with the common namespace keys time.justNow / time.minutes_one|few|other / …. */
export function formatRelative(
  t: (key: string, options?: Record<string, unknown>) => string,
  date: Date | string,
  nowMs = Date.now(),
): string {
  const { unit, count } = relativeParts(date, nowMs);
  return unit === 'justNow' ? t('common:time.justNow') : t(`common:time.${unit}`, { count });
}
