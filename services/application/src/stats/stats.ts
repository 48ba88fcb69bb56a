import type { AdminStats } from '@moba/contracts';
import type { ApplicationStore, StatsDelta, StatsShardDoc } from '../store';
import { statsCounters } from '../store';
import { nonZero } from '../domain/stats';

const HEX = '0123456789abcdef';
/** 256 shards by the first two hex digits of the event id: small documents, little contention. */
const SHARDS = [...HEX].flatMap((a) => [...HEX].map((b) => a + b));
const shardId = (eventId: string) => {
  const prefix = eventId.slice(0, 2).toLowerCase();
  return `stats:${SHARDS.includes(prefix) ? prefix : '00'}`;
};
/** How long an applied event id is remembered: redelivery (outbox retries, consumer restarts) happens well within it. */
export const STATS_GUARD_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const zeroCounters = () =>
  Object.fromEntries(statsCounters.map((name) => [name, 0])) as Record<
    (typeof statsCounters)[number],
    number
  >;

/** Creates the counter shards once (a second start finds them). */
export async function ensureStatsShards(store: ApplicationStore) {
  const existing = new Set((await store.stats.find({})).map((doc) => doc._id));
  for (const shard of SHARDS) {
    const _id = `stats:${shard}`;
    if (existing.has(_id)) continue;
    try {
      await store.stats.insertOne({ _id, applied: {}, ...zeroCounters() } as StatsShardDoc);
    } catch {
      /* created concurrently */
    }
  }
}

/**
 * Applies one event's delta to the counters, at most once: the event id is recorded in the same
 * document as the counters it moved, in the same atomic update.
 */
export async function applyStatsDelta(
  store: ApplicationStore,
  eventId: string,
  delta: StatsDelta,
  now = Date.now(),
): Promise<boolean> {
  const moves = nonZero(delta);
  if (Object.keys(moves).length === 0) return false;
  const appliedKey = `applied.${eventId}`;
  const matched = await store.stats.updateOne(
    { _id: shardId(eventId), [appliedKey]: { $exists: false } },
    { $inc: moves, $set: { [appliedKey]: now } },
  );
  return matched === 1;
}

/** Forgets applied event ids older than the retention, so the shard documents stay small. */
export async function pruneStatsGuards(
  store: ApplicationStore,
  now: number,
  retentionMs = STATS_GUARD_RETENTION_MS,
) {
  const cutoff = now - retentionMs;
  let forgotten = 0;
  for (const shard of await store.stats.find({})) {
    const old = Object.entries(shard.applied ?? {})
      .filter(([, at]) => typeof at !== 'number' || at < cutoff)
      .map(([id]) => `applied.${id}`);
    if (old.length === 0) continue;
    await store.stats.updateOne(
      { _id: shard._id },
      { $unset: Object.fromEntries(old.map((key) => [key, true])) },
    );
    forgotten += old.length;
  }
  return forgotten;
}

/** The read model: the sum of the shards. */
export async function readStats(store: ApplicationStore): Promise<AdminStats> {
  const totals = zeroCounters();
  for (const shard of await store.stats.find({})) {
    for (const name of statsCounters) totals[name] += shard[name] ?? 0;
  }
  return totals;
}

/** The same figures counted from the replicas and applications (the read model must always equal this). */
export async function recountStats(store: ApplicationStore): Promise<AdminStats> {
  const [
    workers,
    estates,
    guests,
    totalVacancies,
    openVacancies,
    workerApplications,
    guestPlacements,
    accepted,
    pendingApplications,
    acceptedApplications,
  ] = await Promise.all([
    store.workers.count({ registeredEventId: { $exists: true } }),
    store.estates.count({ registeredEventId: { $exists: true } }),
    store.guestApplications.count({}),
    store.vacancies.count({ deleted: false }),
    store.vacancies.count({ deleted: false, status: 'Open' }),
    store.applications.count({ guest: false }),
    // A guest placement counts once placed, also after its deleted vacancy closed it.
    store.applications.count({ guest: true, $or: [{ status: 'Accepted' }, { closedFrom: 'Accepted' }] }),
    store.applications.count({ status: 'Accepted' }),
    store.applications.count({ guest: false, status: 'Pending' }),
    store.applications.find({ status: 'Accepted' }),
  ]);
  return {
    workers,
    guests,
    estates,
    totalVacancies,
    openVacancies,
    totalApplications: workerApplications + guestPlacements,
    openApplications: accepted + pendingApplications,
    pendingApplications,
    acceptedHeads: acceptedApplications.reduce((sum, a) => sum + a.positions, 0),
  };
}
