/**
 * Serbia's minimum wage: the minimum net price of one working hour (minimalna cena rada, without
 * taxes and contributions), which the Government sets each year under the Labour Law (Zakon o radu,
 * čl. 111–112), each value by the day it applies from. Add a row when a new decision is published.
 */
export interface MinimumWagePeriod {
  /** First day the value applies, YYYY-MM-DD. */
  from: string;
  netRsdPerHour: number;
  source: string;
}

export const minimumWagePeriods: readonly MinimumWagePeriod[] = [
  {
    from: '2025-01-01',
    netRsdPerHour: 308,
    source:
      'Odluka o visini minimalne cene rada za period januar–decembar 2025. godine (Vlada RS, septembar 2024)',
  },
  {
    from: '2025-10-01',
    netRsdPerHour: 337,
    source:
      'Vanredno povećanje minimalne cene rada od 1. oktobra 2025. (Socijalno-ekonomski savet, 15. jul 2025)',
  },
  {
    from: '2026-01-01',
    netRsdPerHour: 371,
    source: 'Odluka o visini minimalne cene rada za 2026. godinu (Vlada RS, sednica 11. septembra 2025)',
  },
];

/** The period in force on a day (YYYY-MM-DD); before the first known one, the first. */
export function minimumWageOn(day: string): MinimumWagePeriod {
  let current = minimumWagePeriods[0];
  for (const period of minimumWagePeriods) if (period.from <= day) current = period;
  return current;
}

/** The least a day of `hoursPerDay` hours may pay, in RSD net, on a day (YYYY-MM-DD). */
export function legalMinimumDailyWage(hoursPerDay: number, day: string): number {
  return Math.ceil(hoursPerDay * minimumWageOn(day).netRsdPerHour);
}
