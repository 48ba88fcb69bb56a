import {
  CrewInvitationAnswered,
  topics,
  type CrewInvitation,
  type CrewInvitationAnswer,
} from '@moba/contracts';
import { pushEvents } from '@moba/platform';
import type { AppContext } from '../context';
import type { CrewInvitationDoc } from '../store';
import { errors } from '../domain/errors';

/** An invitation still stands while its member is in the leader's crew with the same phone. */
async function standing(ctx: AppContext, invitations: CrewInvitationDoc[]) {
  const leaderIds = [...new Set(invitations.map((invitation) => invitation.leaderId))];
  const crews = leaderIds.length ? await ctx.store.crews.find({ _id: { $in: leaderIds } }) : [];
  const members = new Set(
    crews.flatMap((crew) => crew.members.map((member) => `${crew._id}|${member.id}|${member.phone}`)),
  );
  return invitations.filter((i) => members.has(`${i.leaderId}|${i.memberId}|${i.phone}`));
}

/** The invitations into crews the worker has not answered yet, newest first. */
export async function myCrewInvitations(ctx: AppContext, workerId: string): Promise<CrewInvitation[]> {
  const pending = await ctx.store.crewInvitations.find({ workerId, state: 'Pending' });
  return (await standing(ctx, pending))
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
    .map((invitation) => ({
      id: invitation._id,
      leaderName: invitation.leaderName,
      memberName: invitation.memberName,
      sentAt: invitation.sentAt,
    }));
}

/**
 * The invited worker accepts (joins the crew: from then on the leader's applications link the member
 * to them and attendance counts for them) or declines. Only the invited worker can answer, once;
 * anyone else gets not found, as for an invitation that does not exist.
 */
export async function answerCrewInvitation(
  ctx: AppContext,
  workerId: string,
  invitationId: string,
  accept: boolean,
): Promise<CrewInvitationAnswer> {
  const invitation = await ctx.store.crewInvitations.findOne({ _id: invitationId, workerId });
  if (!invitation || (await standing(ctx, [invitation])).length === 0) throw errors.crewInvitationNotFound();
  if (invitation.state !== 'Pending') throw errors.crewInvitationAnswered();
  const answeredAt = ctx.clock.now().toISOString();
  const event = CrewInvitationAnswered.create(invitation._id, {
    invitationId: invitation._id,
    leaderId: invitation.leaderId,
    workerId,
    accepted: accept,
    answeredAt,
  });
  const answered = await ctx.store.crewInvitations.updateOne(
    { _id: invitation._id, state: 'Pending' },
    pushEvents({ $set: { state: accept ? 'Accepted' : 'Declined', answeredAt } }, [
      { topic: topics.application, event },
    ]),
  );
  if (answered === 0) throw errors.crewInvitationAnswered();
  ctx.relay.kick();
  return { id: invitation._id, state: accept ? 'joined' : 'declined' };
}
