import { allDaysOf, moveWorkDay, type BroadcastReport } from '@moba/contracts';

/**
 * The moba's work days as the server keeps them: every day from start to end, with each "no work"
 * broadcast's move applied in the order they were sent (the server refuses a day that is not one).
 */
export function currentWorkDays(
  moba: { startDate: string; endDate: string },
  sent: BroadcastReport['broadcasts'],
): string[] {
  const moves = sent
    .filter((b) => b.template === 'no-work' && b.day && b.movedTo)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  let days = allDaysOf(moba.startDate, moba.endDate);
  for (const move of moves) if (days.includes(move.day!)) days = moveWorkDay(days, move.day!).days;
  return days;
}

/** The days a broadcast may name: from today on, and for "no work" from tomorrow on. */
export const daysToName = (days: readonly string[], today: string, noWork: boolean) =>
  days.filter((day) => (noWork ? day > today : day >= today));
