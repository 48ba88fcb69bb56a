import type { Paging, QueueFilter } from '@moba/contracts';
import type { Filter, Sort } from '@moba/platform';
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
  const pending = await ctx.store.applications.find(await pendingQuery(ctx, filter), {
    sort: waitingOrder(filter),
  });
  return withReplicas(ctx, pending);
}

/** One page of the queue, read from the store as a page, with the count of the whole filtered queue. */
export async function pendingQueuePage(
  ctx: AppContext,
  filter: QueueFilter,
  { page, pageSize }: Paging,
): Promise<{ total: number; items: QueueItem[] }> {
  const query = await pendingQuery(ctx, filter);
  const [total, pending] = await Promise.all([
    ctx.store.applications.count(query),
    ctx.store.applications.find(query, {
      sort: waitingOrder(filter),
      skip: (page - 1) * pageSize,
      limit: pageSize,
    }),
  ]);
  return { total, items: await withReplicas(ctx, pending) };
}

const waitingOrder = (filter: QueueFilter): Sort => ({ submittedAt: filter.sort === 'newest' ? -1 : 1 });

async function pendingQuery(ctx: AppContext, filter: QueueFilter): Promise<Filter> {
  return { guest: false, status: 'Pending', ...(await vacancyIdFilter(ctx, filter)) };
}

async function withReplicas(ctx: AppContext, pending: ApplicationDoc[]): Promise<QueueItem[]> {
  const [workerMap, vacancyMap] = await Promise.all([
    byId(
      ctx.store.workers,
      pending.map((a) => a.workerId),
    ),
    byId(
      ctx.store.vacancies,
      pending.map((a) => a.vacancyId),
    ),
  ]);
  return pending.map((application) => ({
    application,
    vacancy: vacancyMap.get(application.vacancyId),
    worker: application.workerId ? workerMap.get(application.workerId) : undefined,
  }));
}

/**
 * Which mobas' applications to read: the one asked for, or those whose replica passes the moba
 * filters. The store narrows by the stored fields; the district is checked here on what it found,
 * since a replica older than the field has none stored and its district comes from its municipality.
 * An application whose moba is not replicated yet passes no moba filter.
 */
async function vacancyIdFilter(ctx: AppContext, filter: QueueFilter): Promise<Filter> {
  if (filter.vacancyId) return { vacancyId: filter.vacancyId };
  if (!filtersVacancy(filter)) return {};
  const startDate = {
    ...(filter.startFrom !== undefined ? { $gte: filter.startFrom } : {}),
    ...(filter.startTo !== undefined ? { $lte: filter.startTo } : {}),
  };
  const query: Filter = {
    ...(filter.municipality !== undefined ? { municipality: filter.municipality } : {}),
    ...(Object.keys(startDate).length ? { startDate } : {}),
    ...(filter.crop !== undefined ? { crops: filter.crop } : {}),
  };
  const found = await ctx.store.vacancies.findFields(query, [
    'municipality',
    'district',
    'crops',
    'startDate',
  ]);
  return { vacancyId: { $in: found.filter((v) => matchesQueueFilter(v, filter)).map((v) => v._id) } };
}
