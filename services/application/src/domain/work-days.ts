import { allDaysOf } from '@moba/contracts';

/** A moba's work days: as the estate moved them, else every day from its start to its end. */
export const workDaysOf = (vacancy: { startDate: string; endDate: string; workDays?: string[] }) =>
  vacancy.workDays ?? allDaysOf(vacancy.startDate, vacancy.endDate);
