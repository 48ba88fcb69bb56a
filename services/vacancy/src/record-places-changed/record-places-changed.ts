import { applicationsClosedByDate } from '@moba/contracts';
import { todayOf, type VacancyContext } from '../context';
import type { VacancyDoc } from '../domain/vacancy';
import { transitionStatus } from '../vacancy-writes';

export interface PlacesChanged {
  vacancyId: string;
  freePositions: number;
  version: number;
}

/**
 * The application service (the one writer of places) reports a vacancy's free count
 * (VacancyPlacesChanged). Only a higher version than the one applied changes it, so a late or
 * repeated event never sets an older count. The status follows the count: an Open vacancy with no
 * free place closes as full; one closed only because it was full reopens when places are freed,
 * while applications are still taken by date. Browse's "free" and "full" come from the same count.
 */
export async function recordPlacesChanged(ctx: VacancyContext, places: PlacesChanged): Promise<void> {
  const doc = await ctx.store.vacancies.findOneAndUpdate(
    {
      _id: places.vacancyId,
      $or: [{ placesVersion: { $exists: false } }, { placesVersion: { $lt: places.version } }],
    },
    { $set: { freePositions: Math.max(0, places.freePositions), placesVersion: places.version } },
  );
  if (!doc) {
    ctx.logger.debug({ ...places }, 'an older count of places, or an unknown vacancy');
    return;
  }
  ctx.readModel.apply(doc);
  await followFullness(ctx, doc);
}

async function followFullness(ctx: VacancyContext, doc: VacancyDoc) {
  if (doc.deletedAt) return;
  if (doc.freePositions <= 0 && doc.status === 'Open') {
    await transitionStatus(ctx, doc, 'Closed', 'full', { set: { closedFull: true } });
    return;
  }
  if (
    doc.freePositions > 0 &&
    doc.status === 'Closed' &&
    doc.closedFull &&
    !applicationsClosedByDate(doc.startDate, todayOf(ctx))
  )
    await transitionStatus(ctx, doc, 'Open', 'places-freed', { unset: { closedFull: true } });
}
