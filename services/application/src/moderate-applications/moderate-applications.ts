import type { PendingApplication, PendingApplicationsPage, PendingQueueQuery } from '@moba/contracts';
import { adminAudit, pushEvents, type AdminAuditInput } from '@moba/platform';
import type { AppContext } from '../context';
import { vacancyTitle } from '../vacancy-title';
import { errors } from '../domain/errors';
import { applicationView, vacancyView, workerView } from '../views';
import { pendingQueuePage } from '../pending-queue';
import { reliabilityOfMany } from '../worker-reliability/worker-reliability';

/** The admin's queue: a page of the pending worker applications matching the filter, with worker and vacancy details from the replicas. */
export async function listPendingApplications(
  ctx: AppContext,
  { page, pageSize, ...filter }: PendingQueueQuery,
): Promise<PendingApplicationsPage> {
  const { total, items } = await pendingQueuePage(ctx, filter, { page, pageSize });
  const reliability = await reliabilityOfMany(
    ctx,
    items.map(({ application }) => application.workerId),
  );
  const views: PendingApplication[] = items.map(({ application, worker, vacancy }) => ({
    ...applicationView(application),
    worker: worker ? workerView(worker) : null,
    vacancy: vacancy ? vacancyView(vacancy) : null,
    ...(application.workerId ? { reliability: reliability.get(application.workerId) } : {}),
  }));
  return { items: views, total, page, pageSize };
}

/** The admin's note on a worker application or on a guest application (the id says which). */
export async function updateNote(ctx: AppContext, id: string, note: string, admin: AdminAuditInput['actor']) {
  const value = note === '' ? null : note;
  const audit = (type: 'application' | 'guestApplication', before: string | null, label?: string) =>
    pushEvents({ $set: { note: value } }, [
      adminAudit(
        {
          actor: admin,
          action: 'application.note',
          target: { type, id, label },
          before: { note: before },
          after: { note: value },
        },
        ctx.clock,
      ),
    ]);
  const application = await ctx.store.applications.findOne({ _id: id });
  if (application) {
    const label = await vacancyTitle(ctx, application.vacancyId);
    if (
      (await ctx.store.applications.updateOne({ _id: id }, audit('application', application.note, label))) ===
      1
    ) {
      ctx.relay.kick();
      return { id, note: value };
    }
  }
  const guest = await ctx.store.guestApplications.findOne({ _id: id });
  if (guest) {
    const label = `${guest.firstName} ${guest.lastName}`;
    if (
      (await ctx.store.guestApplications.updateOne(
        { _id: id },
        audit('guestApplication', guest.note, label),
      )) === 1
    ) {
      ctx.relay.kick();
      return { id, note: value };
    }
  }
  throw errors.applicationNotFound();
}
