import type { Attendance, Gender, RosterHead } from '@moba/contracts';

/**
 * The i18next context of a head's labels: "Došao" / "Došla" follow the profile's gender where it says
 * male or female; anyone else (an unnamed person, a member without an account, "other") reads neutral.
 */
export const genderContext = (gender: Gender | null): 'male' | 'female' | undefined =>
  gender === 'male' || gender === 'female' ? gender : undefined;

/** The text keys of a mark. */
export const markKey = (value: Attendance) =>
  value === 'Came' ? 'attendance.came' : 'attendance.didNotCome';

/** The sign of a mark on paper: ticked, crossed, or an empty box to sign. */
export const paperMark = (value: Attendance | undefined) =>
  value === 'Came' ? '☑' : value === 'DidNotCome' ? '☒' : '';

/** A head's row order stays as the server gives it; a head is one of an unnamed crew when it has no name. */
export const isUnnamed = (head: Pick<RosterHead, 'role'>) => head.role === 'Unnamed';

/** A short day label: weekday and day.month (the reader's language). */
export function shortDay(day: string, locale: string) {
  const date = new Date(`${day}T12:00:00Z`);
  return {
    weekday: date.toLocaleDateString(locale, { weekday: 'short', timeZone: 'UTC' }),
    date: date.toLocaleDateString(locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }),
  };
}
