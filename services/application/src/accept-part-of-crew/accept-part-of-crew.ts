import { adminAudit, type AdminAuditInput } from '@moba/platform';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import { checkAcceptedPart } from '../domain/crew';
import { completeAcceptance } from '../accept-application/accept-application';

const names = (members: { name: string }[]) => members.map((member) => member.name).join(', ');

/**
 * An admin accepts part of a crew (k of the n members the leader picked; the leader always comes):
 * the capacity takes exactly 1 + k heads in the one atomic claim (completeAcceptance), and the
 * ApplicationAccepted tells who was accepted and who was not. Recorded in the admin audit log with
 * the members accepted. A bulk decision can call this per application.
 */
export async function acceptPartOfCrew(
  ctx: AppContext,
  applicationId: string,
  memberIds: string[],
  admin: AdminAuditInput['actor'],
) {
  const application = await ctx.store.applications.findOne({ _id: applicationId, guest: false });
  if (!application) throw errors.applicationNotFound();
  if (application.status !== 'Pending') throw errors.notPending();
  const accepted = checkAcceptedPart(application.crew, memberIds);
  const result = await completeAcceptance(
    ctx,
    application,
    (vacancy) => [
      adminAudit(
        {
          actor: admin,
          action: 'application.accept',
          target: { type: 'application', id: application._id, label: vacancy.title },
          before: { status: 'Pending', members: names(application.crew!) },
          after: { status: 'Accepted', members: names(accepted) },
        },
        ctx.clock,
      ),
    ],
    memberIds,
  );
  return { ...result, acceptedMemberIds: memberIds };
}
