import type { AppContext } from './context';
import { invitationAnswers, type InvitationAnswers } from './domain/crew';

/* What keeping a crew and applying with one both read of the leader's invitations. */

/** The answers the leader's invitations got (pending ones show as invited). */
export async function answersOf(ctx: AppContext, leaderId: string): Promise<InvitationAnswers> {
  return invitationAnswers(
    await ctx.store.crewInvitations.find({ leaderId, state: { $in: ['Accepted', 'Declined'] } }),
  );
}
