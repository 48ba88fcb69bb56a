/** The time zone "today" is taken in: the product's dates are Serbian calendar days. */
export const VACANCY_TIME_ZONE = 'Europe/Belgrade';

/** One formatter per time zone: making one costs far more than formatting (browse asks each request). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in the product's time zone. */
export function calendarDay(instant: Date, timeZone: string = VACANCY_TIME_ZONE): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
