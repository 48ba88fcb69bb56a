// Pure rules, shared by the schemas, the server and the web.
import { MIN_AGE_YEARS } from '../../limits';
import { parsePhone, phoneCountries } from '../../phone';
import type { Region } from '../../enums';
import { calendarDay } from '../../calendar';

/** The phone in E.164 when it is a valid number of the chosen phone country, otherwise null. */
export function normalizePhone(phone: string, phoneCountry: string): string | null {
  if (!(phoneCountries as readonly string[]).includes(phoneCountry)) return null;
  const parsed = parsePhone(phone, phoneCountry as Region);
  if (!parsed || !parsed.isValid() || parsed.country !== phoneCountry) return null;
  return parsed.number;
}

/** Age in whole years on `today` (YYYY-MM-DD strings, calendar arithmetic, no time zones). */
export function ageInYears(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** Today's date in the product's calendar (Belgrade), not UTC's: a birthday starts at Belgrade midnight. */
export const isoToday = (now: Date = new Date()) => calendarDay(now);

/** True when the person is at least MIN_AGE_YEARS old on `today`. */
export const isOldEnough = (dateOfBirth: string, today: string = isoToday()) =>
  ageInYears(dateOfBirth, today) >= MIN_AGE_YEARS;
