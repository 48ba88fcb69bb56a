import {
  allDaysOf,
  calendarDay,
  dayAfter,
  dayBefore,
  localInstant,
  stretchesOf,
  type ConfirmationSettings,
} from '@moba/contracts';

/**
 * Work days and when their confirmations are asked: pure functions over a moba's days and its
 * estate's confirmation settings. Times of day are Belgrade's (the product's time zone).
 */

/** A moba's work days: as the estate moved them, or every day from start to end. */
export const workDaysOf = (vacancy: { startDate: string; endDate: string; workDays?: string[] }) =>
  vacancy.workDays ?? allDaysOf(vacancy.startDate, vacancy.endDate);

/** The instant of a Belgrade wall-clock time on a calendar day (HH:MM): the late-release rule's. */
export { localInstant };

/** One stretch's request: asked at `askAt` and closed at `deadline` on the day before `start`. */
export interface StretchAsk {
  start: string;
  days: string[];
  askAt: Date;
  deadline: Date;
}

/** When the confirmation of each stretch of work days is asked, and its deadline. */
export function stretchAsks(days: readonly string[], settings: ConfirmationSettings): StretchAsk[] {
  return stretchesOf(days).map((stretch) => {
    const eve = dayBefore(stretch[0]!);
    return {
      start: stretch[0]!,
      days: stretch,
      askAt: localInstant(eve, settings.askAt),
      deadline: localInstant(eve, settings.deadlineAt),
    };
  });
}

/**
 * The stretch whose confirmation is due at `now`: asked from its hour until its deadline, on the day
 * before it starts. None when no stretch starts tomorrow, or outside that window (a request after the
 * deadline would be answered by nobody).
 */
export function dueStretch(
  days: readonly string[],
  settings: ConfirmationSettings,
  now: Date,
): StretchAsk | undefined {
  const tomorrow = dayAfter(calendarDay(now));
  const ask = stretchAsks(days, settings).find((s) => s.start === tomorrow);
  if (!ask) return undefined;
  return now >= ask.askAt && now < ask.deadline ? ask : undefined;
}

/** The work day a board opens on: today's or the next one, else the last (a moba that is over). */
export function boardDayOf(days: readonly string[], today: string) {
  const sorted = [...days].sort();
  return sorted.find((day) => day >= today) ?? sorted.at(-1)!;
}
