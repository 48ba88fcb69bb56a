import { allDaysOf } from '@moba/contracts';

/**
 * The work days of a moba (issue #31): every day from start to end until the estate moves one
 * ("no work tomorrow"); then the list kept on the vacancy replica (`VacancyDoc.workDays`).
 */
export const workDaysOf = (vacancy: { startDate: string; endDate: string; workDays?: string[] }): string[] =>
  vacancy.workDays ?? allDaysOf(vacancy.startDate, vacancy.endDate);
