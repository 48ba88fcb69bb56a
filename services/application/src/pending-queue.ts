import type { QueueFilter } from '@moba/contracts';
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
    { guest: false, status: 'Pending', ...(filter.vacancyId ? { vacancyId: filter.vacancyId } : {}) },
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
