import type { VacancyStatus } from '@moba/contracts';

/** Pure rules of the stats read model: every event maps to a counter delta. */

export const statsCounters = [
  'workers',
  'guests',
  'estates',
  'totalVacancies',
  'openVacancies',
  'totalApplications',
  'openApplications',
  'pendingApplications',
  'acceptedHeads',
] as const;
export type StatsCounter = (typeof statsCounters)[number];
export type StatsDelta = Partial<Record<StatsCounter, number>>;

/** What a vacancy looked like for the stats read model: exists (not deleted) and its status. */
export interface VacancyState {
  status: VacancyStatus;
  deleted: boolean;
}

const isLive = (state: VacancyState | null) => state !== null && !state.deleted;
const isOpen = (state: VacancyState | null) => isLive(state) && state!.status === 'Open';

/** A vacancy went from one state to another (null = did not exist): total and open vacancies move with it. */
export function vacancyTransitionDelta(before: VacancyState | null, after: VacancyState | null): StatsDelta {
  return {
    totalVacancies: Number(isLive(after)) - Number(isLive(before)),
    openVacancies: Number(isOpen(after)) - Number(isOpen(before)),
  };
}

export function userRegisteredDelta(role: string): StatsDelta {
  if (role === 'Worker') return { workers: 1 };
  if (role === 'Estate') return { estates: 1 };
  return {};
}

/**
 * Applications: total = worker applications + guest placements; open = Pending or Accepted;
 * pending = worker applications awaiting a decision.
 */
export const applicationDeltas = {
  submitted: (): StatsDelta => ({ totalApplications: 1, openApplications: 1, pendingApplications: 1 }),
  /** Accepted heads: the leader and each accepted member of a crew, one for a worker or a guest. */
  accepted: (guest: boolean, positions: number): StatsDelta =>
    guest
      ? { totalApplications: 1, openApplications: 1, acceptedHeads: positions }
      : { pendingApplications: -1, acceptedHeads: positions },
  rejected: (): StatsDelta => ({ openApplications: -1, pendingApplications: -1 }),
  /** Closed applications leave the open ones; those closed while Pending leave the pending ones too. */
  closed: (count: number, accepted = 0, acceptedPositions = 0): StatsDelta => ({
    openApplications: -count,
    pendingApplications: -(count - accepted),
    ...(acceptedPositions ? { acceptedHeads: -acceptedPositions } : {}),
  }),
  guestSubmitted: (): StatsDelta => ({ guests: 1 }),
  /** Places given back (issue #31): those heads leave; a whole release (Cancelled) leaves the open ones. */
  released: (heads: number, whole: boolean): StatsDelta => ({
    acceptedHeads: -heads,
    ...(whole ? { openApplications: -1 } : {}),
  }),
};

/** Drops zero entries so an update touches only what moved. */
export function nonZero(delta: StatsDelta): StatsDelta {
  return Object.fromEntries(Object.entries(delta).filter(([, value]) => value !== 0)) as StatsDelta;
}
