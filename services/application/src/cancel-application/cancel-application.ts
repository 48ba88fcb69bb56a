import type { CancelApplicationRequest, ReleaseResult, RemoveApplicationRequest } from '@moba/contracts';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import { releasePlaces } from '../release-places/release-places';

/**
 * A worker gives back their own accepted place, with a reason (issue #31): the whole place is
 * released (a leader's crew too) and the application is Cancelled; less than 24 h before the start
 * it is late and counts in their reliability. A repeat answers the same outcome.
 */
export async function cancelApplication(
  ctx: AppContext,
  workerId: string,
  applicationId: string,
  input: CancelApplicationRequest,
): Promise<ReleaseResult> {
  const application = await ctx.store.applications.findOne({ _id: applicationId, guest: false });
  if (!application || application.workerId !== workerId) throw errors.applicationNotFound();
  return releasePlaces(ctx, {
    applicationId,
    reason: 'worker-cancelled',
    choice: input.reason,
    ...(input.note ? { note: input.note } : {}),
  });
}

/**
 * The moba's estate removes an accepted worker (or guest) from it, with a reason: the whole place
 * is released. Late removals count for the estate (shown on the moba page, from PlacesReleased).
 */
export async function removeApplication(
  ctx: AppContext,
  estateId: string,
  applicationId: string,
  input: RemoveApplicationRequest,
): Promise<ReleaseResult> {
  const application = await ctx.store.applications.findOne({ _id: applicationId });
  if (!application) throw errors.applicationNotFound();
  const vacancy = await ctx.store.vacancies.findOne({ _id: application.vacancyId });
  if (!vacancy || vacancy.deleted) throw errors.applicationNotFound();
  if (vacancy.estateId !== estateId) throw errors.notVacancyOwner();
  return releasePlaces(ctx, {
    applicationId,
    reason: 'estate-removed',
    choice: input.reason,
    ...(input.note ? { note: input.note } : {}),
  });
}
