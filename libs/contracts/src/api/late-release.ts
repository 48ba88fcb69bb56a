import { LATE_CANCELLATION_HOURS, type PlaceReleaseReason } from './day-of-work';
import { VACANCY_TIME_ZONE, calendarDay } from '../calendar';

/**
 * The late-cancellation rule (issue #31 standby), shared by the application service that decides it
 * and the web that warns before a worker cancels.
 */

/** When no meeting time was given, a work day is taken to start at this hour (Belgrade). */
export const DEFAULT_DAY_START = '06:00';

/** Only a cancellation by the worker or a removal by the estate can be late. */
const canBeLate: ReadonlySet<PlaceReleaseReason> = new Set(['worker-cancelled', 'estate-removed']);

/** The instant of `day` at `time` (HH:MM) in the moba's time zone. */
export function localInstant(day: string, time: string, timeZone: string = VACANCY_TIME_ZONE): Date {
  const guess = Date.parse(`${day}T${time}:00Z`);
  const offset = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(at));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const local = Date.parse(
      `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:00Z`,
    );
    return local - at;
  };
  const first = guess - offset(guess);
  return new Date(guess - offset(first));
}

/**
 * The start a release is measured against: the first work day from today on, at its meeting time.
 * Undefined when no work day is left.
 */
export function nextStart(
  workDays: readonly string[],
  now: Date,
  timeOn: (day: string) => string = () => DEFAULT_DAY_START,
): Date | undefined {
  const today = calendarDay(now);
  const day = [...workDays].sort().find((d) => d >= today);
  return day ? localInstant(day, timeOn(day)) : undefined;
}

/**
 * Late: a worker's cancellation or an estate's removal less than LATE_CANCELLATION_HOURS before the
 * start (or once no work day is left ahead). Other releases (declined, unanswered…) are never late.
 */
export function isLateRelease(reason: PlaceReleaseReason, start: Date | undefined, now: Date): boolean {
  if (!canBeLate.has(reason)) return false;
  if (!start) return true;
  return start.getTime() - now.getTime() < LATE_CANCELLATION_HOURS * 3_600_000;
}
