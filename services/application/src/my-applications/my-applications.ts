import type { MyApplicationStatus } from '@moba/contracts';
import type { AppContext } from '../context';

/**
 * Where each of a worker's own applications stands (newest first), for the browse cards. Only the
 * worker's own, never a guest application; one per vacancy, as a worker applies once.
 */
export async function myApplications(ctx: AppContext, workerId: string): Promise<MyApplicationStatus[]> {
  const mine = await ctx.store.applications.find({ workerId, guest: false }, { sort: { submittedAt: -1 } });
  return mine.map((a) => ({ vacancyId: a.vacancyId, applicationId: a._id, status: a.status }));
}
