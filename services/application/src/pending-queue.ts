import type { QueueFilter } from '@moba/contracts';
import type { Filter } from '@moba/platform';
import type { AppContext } from './context';
import type { ApplicationDoc, VacancyDoc, WorkerDoc } from './store';
import { filtersVacancy, matchesQueueFilter } from './domain/queue';
import { byId } from './views';

/* What the admin queue, its health, moderation and bulk decisions all read of the pending applications. */

export interface QueueItem {
  application: ApplicationDoc;
  vacancy: VacancyDoc | undefined;
  worker: WorkerDoc | undefined;
}

/**
 * The pending worker applications that match the filter, with their moba and worker from the
 * replicas, by waiting time (the longest waiting first unless `sort: 'newest'`).
 */
export async function pendingQueue(ctx: AppContext, filter: QueueFilter): Promise<QueueItem[]> {
  const { applications, workers, vacancies } = ctx.store;
  const pending = await applications.find(
    { guest: false, status: 'Pending', ...(await vacancyIdFilter(ctx, filter)) },
    { sort: { submittedAt: filter.sort === 'newest' ? -1 : 1 } },
  );
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
  const byVacancy = filtersVacancy(filter);
  return pending
    .map((application) => ({
      application,
      vacancy: vacancyMap.get(application.vacancyId),
      worker: application.workerId ? workerMap.get(application.workerId) : undefined,
    }))
    .filter(({ vacancy }) => !byVacancy || (vacancy !== undefined && matchesQueueFilter(vacancy, filter)));
}

/**
 * Which mobas' applications to read: the one asked for, or those the store finds for the moba filters
 * (the district is left to matchesQueueFilter: a replica older than the field has none stored).
 */
async function vacancyIdFilter(ctx: AppContext, filter: QueueFilter): Promise<Filter> {
  if (filter.vacancyId) return { vacancyId: filter.vacancyId };
  const startDate = {
    ...(filter.startFrom !== undefined ? { $gte: filter.startFrom } : {}),
    ...(filter.startTo !== undefined ? { $lte: filter.startTo } : {}),
  };
  const query: Filter = {
    ...(filter.municipality !== undefined ? { municipality: filter.municipality } : {}),
    ...(Object.keys(startDate).length ? { startDate } : {}),
    ...(filter.crop !== undefined ? { crops: filter.crop } : {}),
  };
  if (!Object.keys(query).length) return {};
  const ids = await ctx.store.vacancies.findFields(query, ['municipality']);
  return { vacancyId: { $in: ids.map((v) => v._id) } };
}
