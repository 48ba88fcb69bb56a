import {
  MATCHES_MAX,
  calendarDay,
  distanceBetweenKm,
  districtOf,
  type GuestMatch,
  type VacancyMatches,
  type WorkerMatch,
} from '@moba/contracts';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import { monthsBetween, proximityOf, proximityRank, regionOf } from '../domain/queue';
import { vacancyView } from '../views';

/** Kilometres between two places, seat to seat (great-circle); null where a place has no seat. */
export type DistanceKm = (from: string | null, to: string) => number | null;
const seatDistance: DistanceKm = (from, to) => {
  if (!from) return null;
  const km = distanceBetweenKm(
    { municipality: from, region: regionOf(from) },
    { municipality: to, region: regionOf(to) },
  );
  return km ?? null;
};

/** Nearest first by distance; where a distance is unknown, by the proximity class (same municipality, district, country). */
const nearestFirst = (
  a: { proximity: WorkerMatch['proximity']; distanceKm: number | null },
  b: { proximity: WorkerMatch['proximity']; distanceKm: number | null },
) =>
  (a.distanceKm ?? Number.MAX_VALUE) - (b.distanceKm ?? Number.MAX_VALUE) ||
  proximityRank[a.proximity] - proximityRank[b.proximity];

/**
 * Matching help for a moba: workers who marked at least one of the moba's months available and have
 * not applied to it, the nearest first (by distance between municipality seats), so the
 * team can call them.
 */
export async function matchWorkers(
  ctx: AppContext,
  vacancyId: string,
  distanceKm: DistanceKm = seatDistance,
): Promise<VacancyMatches> {
  const vacancy = await ctx.store.vacancies.findOne({ _id: vacancyId });
  if (!vacancy || vacancy.deleted) throw errors.vacancyNotFound();
  const months = monthsBetween(vacancy.startDate, vacancy.endDate);
  const [workers, applied] = await Promise.all([
    ctx.store.workers.find({}),
    ctx.store.applications.find({ vacancyId, guest: false }),
  ]);
  const appliedIds = new Set(applied.map((a) => a.workerId));
  const matches: WorkerMatch[] = workers
    .filter((w) => !appliedIds.has(w._id))
    .filter((w) => (w.availabilityMonths ?? []).some((m) => months.includes(m)))
    .map((w) => ({
      workerId: w._id,
      fullName: w.fullName,
      phone: w.phone,
      municipality: w.municipality,
      district: w.municipality ? (districtOf(w.municipality) ?? null) : null,
      availabilityMonths: w.availabilityMonths ?? [],
      groupLeader: w.groupLeader,
      groupSize: w.groupSize,
      proximity: proximityOf(w.municipality, vacancy.municipality),
      distanceKm: distanceKm(w.municipality, vacancy.municipality),
    }));
  matches.sort((a, b) => nearestFirst(a, b) || a.fullName.localeCompare(b.fullName, 'sr'));
  return { vacancy: vacancyView(vacancy), months, workers: matches.slice(0, MATCHES_MAX) };
}

/**
 * The open mobas a guest can be placed into (taking applications by date, not held for review, a
 * place free, not placed there yet), the best fit first: the nearest to the guest's municipality,
 * then the soonest start.
 */
export async function matchGuest(
  ctx: AppContext,
  guestId: string,
  distanceKm: DistanceKm = seatDistance,
): Promise<GuestMatch[]> {
  const guest = await ctx.store.guestApplications.findOne({ _id: guestId });
  if (!guest) throw errors.guestNotFound();
  const today = calendarDay(ctx.clock.now());
  const open = await ctx.store.vacancies.find({
    status: 'Open',
    deleted: false,
    held: { $ne: true },
    freePositions: { $gte: 1 },
    startDate: { $gte: today },
  });
  return open
    .filter((v) => !guest.vacancyIds.includes(v._id))
    .map((v) => ({
      ...vacancyView(v),
      proximity: proximityOf(guest.municipality, v.municipality),
      distanceKm: distanceKm(guest.municipality, v.municipality),
    }))
    .sort((a, b) => nearestFirst(a, b) || a.startDate.localeCompare(b.startDate))
    .slice(0, MATCHES_MAX);
}
