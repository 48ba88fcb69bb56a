import type { ApplicationStatus } from '@moba/contracts';

/**
 * Pure rule of the places an application should hold on its vacancy: an accepted application holds
 * exactly its positions; a rejected, closed or vanished one holds none; a pending one keeps what an
 * acceptance in flight may have claimed, unless that acceptance is known to be over (it gave up, or
 * the claim is older than any acceptance takes: an interrupted one).
 */
export function placesHeld(
  application: { status: ApplicationStatus; positions: number } | null,
  claim: number | undefined,
  pending: { abandoned?: number; stale?: boolean } = {},
): number | undefined {
  if (!application) return undefined;
  if (application.status === 'Accepted') return application.positions;
  if (application.status !== 'Pending') return undefined;
  if (claim === undefined || pending.stale) return undefined;
  return pending.abandoned === claim ? undefined : claim;
}

/** A claim older than this, on an application still pending, was left by an interrupted acceptance. */
export const CLAIM_STALE_AFTER_MS = 10 * 60 * 1000;

export const isStaleClaim = (claimedAt: string | undefined, now: Date) =>
  claimedAt === undefined || now.getTime() - Date.parse(claimedAt) > CLAIM_STALE_AFTER_MS;
