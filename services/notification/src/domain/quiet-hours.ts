import { JOB_ALERT_QUIET_HOURS, VACANCY_TIME_ZONE } from '@moba/contracts';

const HOUR_MS = 3_600_000;

function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: part('hour'), minute: part('minute'), second: part('second') };
}

/**
 * The first instant from `now` outside the quiet hours (21:00-07:00 Europe/Belgrade by default): `now`
 * itself in the day, otherwise the next 07:00. On the nights the clocks change the first guess is an
 * hour off, so the wall clock of the answer is read again and corrected.
 */
export function endOfQuietHours(
  now: Date,
  quiet: { from: number; to: number } = JOB_ALERT_QUIET_HOURS,
  timeZone: string = VACANCY_TIME_ZONE,
): Date {
  const { hour, minute, second } = wallClock(now, timeZone);
  if (hour >= quiet.to && hour < quiet.from) return now;
  const sinceHour = minute * 60_000 + second * 1000 + now.getUTCMilliseconds();
  const guess = new Date(now.getTime() + ((quiet.to - hour + 24) % 24) * HOUR_MS - sinceHour);
  return new Date(guess.getTime() + (quiet.to - wallClock(guess, timeZone).hour) * HOUR_MS);
}
