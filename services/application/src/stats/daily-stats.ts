import { calendarDay, type DailyStats, type DailyStatsRow } from '@moba/contracts';
import type { AppContext } from '../context';
import { addDays, daysOf, percentile } from '../domain/queue';

/** Without a range: the last 30 days up to today. */
export const DEFAULT_DAYS = 30;

/**
 * Per-day series for the admin's season charts, counted from the applications themselves (on the
 * product's calendar): worker applications submitted, applications accepted (worker and guest
 * placements), worker applications decided and how long they had waited (p50, p90 in minutes).
 * An acceptance later closed by a deleted moba counts on the day it was closed (its decidedAt).
 */
export async function dailyStats(
  ctx: AppContext,
  range: { from?: string; to?: string },
): Promise<DailyStats> {
  const to = range.to ?? calendarDay(ctx.clock.now());
  const from = range.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  // A day on the product's calendar lies within the UTC days around it: fetch a day more each side.
  const window = { $gte: `${addDays(from, -1)}T00:00:00`, $lt: `${addDays(to, 2)}T00:00:00` };
  const [submitted, decided] = await Promise.all([
    ctx.store.applications.find({ guest: false, submittedAt: window }),
    ctx.store.applications.find({ decidedAt: window }),
  ]);
  const rows = new Map<string, { applications: number; accepted: number; waits: number[] }>(
    daysOf(from, to).map((day) => [day, { applications: 0, accepted: 0, waits: [] }]),
  );
  const dayOf = (iso: string) => calendarDay(new Date(iso));
  for (const a of submitted) {
    const row = rows.get(dayOf(a.submittedAt));
    if (row) row.applications += 1;
  }
  for (const a of decided) {
    const row = rows.get(dayOf(a.decidedAt!));
    if (!row) continue;
    // A place given back later (Cancelled) was still accepted on its decision day.
    const accepted = a.status === 'Accepted' || a.status === 'Cancelled' || a.closedFrom === 'Accepted';
    if (accepted) row.accepted += 1;
    if (!a.guest && (accepted || a.status === 'Rejected'))
      row.waits.push(
        Math.max(0, Math.round((Date.parse(a.decidedAt!) - Date.parse(a.submittedAt)) / 60_000)),
      );
  }
  const days: DailyStatsRow[] = [...rows.entries()].map(([date, row]) => ({
    date,
    applications: row.applications,
    accepted: row.accepted,
    decided: row.waits.length,
    waitP50Minutes: percentile(row.waits, 50),
    waitP90Minutes: percentile(row.waits, 90),
  }));
  return { from, to, days };
}
