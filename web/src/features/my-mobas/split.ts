import type { VacancyItem } from '@moba/contracts';

/** The estate's own mobas as the screens show them. */
export interface EstateMobas {
  active: VacancyItem[];
  past: VacancyItem[];
}

/** Past = finished or closed; active = open or pending (waiting for the featuring payment). */
export function splitByStatus(items: VacancyItem[]): EstateMobas {
  const past = (v: VacancyItem) => v.status === 'Finished' || v.status === 'Closed';
  return { active: items.filter((v) => !past(v)), past: items.filter(past) };
}
