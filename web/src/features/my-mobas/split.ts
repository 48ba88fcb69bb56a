import type { VacancyItem } from '@moba/contracts';

/** The estate's own mobas as the screens show them. */
export interface EstateMobas {
  active: VacancyItem[];
  past: VacancyItem[];
}

/**
 * Past = Finished, the only state in which workers can be rated. A Closed moba (full, or under way)
 * is still current: its workers are coming or at work.
 */
export function splitByStatus(items: VacancyItem[]): EstateMobas {
  const past = (v: VacancyItem) => v.status === 'Finished';
  return { active: items.filter((v) => !past(v)), past: items.filter(past) };
}
