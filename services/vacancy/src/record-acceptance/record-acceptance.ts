import type { VacancyContext } from '../context';
import { transitionStatus } from '../vacancy-writes';

export interface Acceptance {
  eventId: string;
  vacancyId: string;
  freePositions: number;
}

/**
 * The application service accepted someone and reports the vacancy's new free count. The event id is
 * recorded in the same write as the count (redelivery counts once); $min keeps a late, older count
 * from raising it. A vacancy with no free positions left closes (the status job also closes it, should
 * this process stop in between).
 */
export async function recordAcceptance(ctx: VacancyContext, acceptance: Acceptance): Promise<void> {
  const doc = await ctx.store.vacancies.findOneAndUpdate(
    // Once the count follows VacancyPlacesChanged (versioned), an acceptance's count is not applied:
    // it may be older than a release already counted.
    {
      _id: acceptance.vacancyId,
      appliedEvents: { $ne: acceptance.eventId },
      placesVersion: { $exists: false },
    },
    {
      $min: { freePositions: Math.max(0, acceptance.freePositions) },
      $push: { appliedEvents: acceptance.eventId },
    },
  );
  if (!doc) {
    ctx.logger.debug({ ...acceptance }, 'acceptance already counted or vacancy unknown');
    return;
  }
  ctx.readModel.apply(doc);
  if (doc.freePositions <= 0 && doc.status === 'Open' && !doc.deletedAt)
    await transitionStatus(ctx, doc, 'Closed', 'full', { set: { closedFull: true } });
}
