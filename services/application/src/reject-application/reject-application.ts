import { ApplicationRejected, topics } from '@moba/contracts';
import { adminAudit, pushEvents, type AdminAuditInput } from '@moba/platform';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import { vacancyTitle } from '../vacancy-title';
import { giveBackPlacesOf } from '../places/places';

/**
 * An admin rejects a pending worker application. Places an interrupted acceptance of it may have
 * claimed are given back once it is Rejected (after, so no acceptance can finish in between).
 */
export async function rejectApplication(
  ctx: AppContext,
  applicationId: string,
  admin: AdminAuditInput['actor'],
) {
  const { applications } = ctx.store;
  const application = await applications.findOne({ _id: applicationId, guest: false });
  if (!application) throw errors.applicationNotFound();
  if (application.status !== 'Pending') throw errors.notPending();
  const title = await vacancyTitle(ctx, application.vacancyId);
  const event = ApplicationRejected.create(application._id, {
    applicationId: application._id,
    vacancyId: application.vacancyId,
    workerId: application.workerId!,
    ...(title === undefined ? {} : { vacancyTitle: title }),
  });
  const moved = await applications.updateOne(
    { _id: application._id, status: 'Pending' },
    pushEvents({ $set: { status: 'Rejected', decidedAt: ctx.clock.now().toISOString() } }, [
      { topic: topics.application, event },
      adminAudit(
        {
          actor: admin,
          action: 'application.reject',
          target: {
            type: 'application',
            id: application._id,
            label: title,
          },
          before: { status: 'Pending' },
          after: { status: 'Rejected' },
        },
        ctx.clock,
      ),
    ]),
  );
  if (moved === 0) throw errors.notPending();
  ctx.relay.kick(applications);
  await giveBackPlacesOf(ctx, application);
  return { applicationId: application._id, status: 'Rejected' as const };
}
