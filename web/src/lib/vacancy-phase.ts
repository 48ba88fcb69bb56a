import type { VacancyStatus } from '@moba/contracts';

/**
 * Where a moba stands for the people in it. The server's Closed means "takes no more applications",
 * which is either full before its first day (upcoming) or under way; only Finished is past.
 */
export type VacancyPhase = 'Pending' | 'Open' | 'FullUpcoming' | 'UnderWay' | 'Finished' | 'Review';

export function vacancyPhase(
  vacancy: { status: VacancyStatus; startDate: string },
  today: string,
): VacancyPhase {
  if (vacancy.status !== 'Closed') return vacancy.status;
  return today < vacancy.startDate ? 'FullUpcoming' : 'UnderWay';
}

/** Today as YYYY-MM-DD on the reader's calendar (the dates of a moba are calendar days). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
