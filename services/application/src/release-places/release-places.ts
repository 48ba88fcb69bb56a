import { LATE_CANCELLATION_HOURS, PlacesReleased, topics, type PlaceReleaseReason } from '@moba/contracts';
import { pushEvents } from '@moba/platform';
import type { AppContext } from '../context';
import { settlePlaces } from '../places/places';
import { localInstant, workDaysOf } from '../domain/work-days';

/**
 * Gives accepted places back (issue #31): all of an application's (`heads` omitted, or as many as it
 * holds) → the application becomes Cancelled with its `cancellation`; fewer → it keeps the rest.
 * Records PlacesReleased with the change, then makes the vacancy's claim agree (places/places.ts).
 * Only an Accepted application gives places back; anything else resolves null, so a repeated call
 * (a retried sweep, a redelivered answer) changes nothing.
 *
 * A minimal version written for confirmations; the standby helper's version (standby offers,
 * VacancyPlacesChanged) replaces it with the same signature.
 */
export async function releasePlaces(
  ctx: AppContext,
  input: { applicationId: string; heads?: number; reason: PlaceReleaseReason; note?: string },
): Promise<{ heads: number; cancelled: boolean } | null> {
  const application = await ctx.store.applications.findOne({ _id: input.applicationId });
  if (!application || application.status !== 'Accepted') return null;
  const vacancy = await ctx.store.vacancies.findOne({ _id: application.vacancyId });
  if (!vacancy) return null;
  const now = ctx.clock.now();
  const heads = Math.min(input.heads ?? application.positions, application.positions);
  if (heads < 1) return null;
  const cancelled = heads === application.positions;
  const firstDay = [...workDaysOf(vacancy)].sort()[0] ?? vacancy.startDate;
  const start = localInstant(firstDay, '00:00');
  const late = start.getTime() - now.getTime() < LATE_CANCELLATION_HOURS * 3_600_000;
  const event = PlacesReleased.create(
    application._id,
    {
      applicationId: application._id,
      vacancyId: vacancy._id,
      estateId: vacancy.estateId,
      workerId: application.workerId,
      heads,
      reason: input.reason,
      ...(input.note ? { note: input.note } : {}),
      late,
      releasedAt: now.toISOString(),
    },
    { occurredAt: now },
  );
  const set = cancelled
    ? {
        status: 'Cancelled',
        cancellation: {
          reason: input.reason,
          ...(input.note ? { note: input.note } : {}),
          late,
          at: now.toISOString(),
        },
      }
    : { positions: application.positions - heads };
  const changed = await ctx.store.applications.updateOne(
    { _id: application._id, status: 'Accepted', positions: application.positions },
    pushEvents({ $set: set }, [{ topic: topics.application, event }]),
  );
  if (changed === 0) return null;
  await settlePlaces(ctx, application);
  ctx.relay.kick();
  return { heads, cancelled };
}
