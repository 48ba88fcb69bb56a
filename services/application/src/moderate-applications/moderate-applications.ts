import type { PendingApplication } from '@moba/contracts';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import { applicationView, byId, vacancyView, workerView } from '../views';

/** The admin's queue: pending worker applications, oldest first, with worker and vacancy details from the replicas. */
export async function listPendingApplications(ctx: AppContext): Promise<PendingApplication[]> {
  const { applications, workers, vacancies } = ctx.store;
  const pending = await applications.find({ guest: false, status: 'Pending' }, { sort: { submittedAt: 1 } });
  const [workerMap, vacancyMap] = await Promise.all([
    byId(
      workers,
      pending.map((a) => a.workerId),
    ),
    byId(
      vacancies,
      pending.map((a) => a.vacancyId),
    ),
  ]);
  return pending.map((a) => {
    const worker = a.workerId ? workerMap.get(a.workerId) : undefined;
    const vacancy = vacancyMap.get(a.vacancyId);
    return {
      ...applicationView(a),
      worker: worker ? workerView(worker) : null,
      vacancy: vacancy ? vacancyView(vacancy) : null,
    };
  });
}

/** The admin's note on a worker application or on a guest application (the id says which). */
export async function updateNote(ctx: AppContext, id: string, note: string) {
  const value = note === '' ? null : note;
  if ((await ctx.store.applications.updateOne({ _id: id }, { $set: { note: value } })) === 1)
    return { id, note: value };
  if ((await ctx.store.guestApplications.updateOne({ _id: id }, { $set: { note: value } })) === 1)
    return { id, note: value };
  throw errors.applicationNotFound();
}
