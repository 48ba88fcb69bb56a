import { allDaysOf } from '@moba/contracts';

/** A moba's work days: as moved by the estate (`workDays`), or every day from start to end. */
export const workDaysOf = (vacancy: { startDate: string; endDate: string; workDays?: string[] }) =>
  vacancy.workDays ?? allDaysOf(vacancy.startDate, vacancy.endDate);
