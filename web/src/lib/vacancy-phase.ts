import type { VacancyStatus } from '@moba/contracts';

/**
 * Where a moba stands for the people in it. The server's Closed means "takes no more applications",
 * which is either full before its first day (upcoming) or under way; only Finished is past.
 */
export type VacancyPhase =
  'Pending' | 'Open' | 'FullUpcoming' | 'ClosedUpcoming' | 'UnderWay' | 'Finished' | 'Review';

/**
 * "Full" is said only when the free places, the same number the card shows beside it, are 0 (issue
 * #31: never "Popunjena" next to "2 od 5 slobodno"); a moba closed with places left (an admin's
 * rejection, places given back later) says its applications are closed.
 */
export function vacancyPhase(
  vacancy: { status: VacancyStatus; startDate: string; freePositions?: number },
  today: string,
): VacancyPhase {
  if (vacancy.status !== 'Closed') return vacancy.status;
  if (today >= vacancy.startDate) return 'UnderWay';
  return (vacancy.freePositions ?? 0) > 0 ? 'ClosedUpcoming' : 'FullUpcoming';
}

/** Today as YYYY-MM-DD on the reader's calendar (the dates of a moba are calendar days). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
