import { ApplicationsClosed, topics } from '@moba/contracts';
import { DuplicateKeyError, withEvents } from '@moba/platform';
import type { AppContext } from '../context';
import { giveBackPlacesOf } from '../places/places';

/**
 * A finished vacancy closes its pending worker applications; a deleted one closes its accepted
 * applications as well (worker and guest placements: the job is gone, spec §4). Says so once with
 * ApplicationsClosed, and gives back the places they held. Safe to repeat: each application records the vacancy event that closed it and
 * the status it was closed from, and the one closure document (keyed by that event, carrying the
 * outgoing event) is insert-once.
 */
export type ClosingReason = 'VacancyNotOpen' | 'VacancyFinished' | 'VacancyDeleted';

export interface ClosingOptions {
  reason: ClosingReason;
  /** Accepted applications too (a deleted vacancy). */
  accepted?: boolean;
  /** Only the pending applications submitted at or after this instant (those a lagging replica let in). */
  submittedSince?: string;
}

export async function closeApplications(
  ctx: AppContext,
  vacancyId: string,
  causeEventId: string,
  options: ClosingOptions,
): Promise<string[]> {
  const { applications, closures } = ctx.store;
  const decidedAt = ctx.clock.now().toISOString();
  await applications.updateMany(
    {
      vacancyId,
      guest: false,
      status: 'Pending',
      ...(options.submittedSince ? { submittedAt: { $gte: options.submittedSince } } : {}),
    },
    { $set: { status: 'Closed', decidedAt, closedBy: causeEventId, closedFrom: 'Pending' } },
  );
  if (options.accepted) {
    await applications.updateMany(
      { vacancyId, status: 'Accepted' },
      { $set: { status: 'Closed', decidedAt, closedBy: causeEventId, closedFrom: 'Accepted' } },
    );
  }
  const closedDocs = await applications.find({ vacancyId, closedBy: causeEventId });
  if (closedDocs.length === 0) return [];
  // A closed application holds no places: give back what each held (an accepted one on a deleted
  // vacancy, a claim an interrupted acceptance left on a pending one).
  for (const closed of closedDocs) await giveBackPlacesOf(ctx, closed);
  const applicationIds = closedDocs.map((a) => a._id).sort();
  const workerIds = [...new Set(closedDocs.flatMap((a) => (a.workerId ? [a.workerId] : [])))].sort();
  const closedAccepted = closedDocs.filter((a) => a.closedFrom === 'Accepted');
  const acceptedApplicationIds = closedAccepted.map((a) => a._id).sort();
  const acceptedPositions = closedAccepted.reduce((sum, a) => sum + a.positions, 0);
  try {
    await closures.insertOne(
      withEvents({ _id: causeEventId, vacancyId, applicationIds }, [
        {
          topic: topics.application,
          event: ApplicationsClosed.create(vacancyId, {
            vacancyId,
            applicationIds,
            acceptedApplicationIds,
            reason: options.reason,
            workerIds,
            acceptedPositions,
          }),
        },
      ]),
    );
    ctx.relay.kick();
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  return applicationIds;
}

/** The pending worker applications of a finished vacancy. */
export const closePendingApplications = (ctx: AppContext, vacancyId: string, causeEventId: string) =>
  closeApplications(ctx, vacancyId, causeEventId, { reason: 'VacancyFinished' });
