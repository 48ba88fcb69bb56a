import { CrewInvitationSent, topics } from '@moba/contracts';
import { DuplicateKeyError, withEvents } from '@moba/platform';
import type { AppContext } from '../context';
import type { CrewInvitationDoc } from '../store';

const invitationKey = (leaderId: string, memberId: string, phone: string, workerId: string) =>
  `${leaderId}|${memberId}|${phone}|${workerId}`;

/**
 * After a crew is saved (CrewUpdated, this service's own event): each worker registered with a
 * member's phone is invited, once per member entry and phone. Nothing is linked until they accept.
 * Running after the save keeps the leader's answer the same for registered and unregistered phones.
 */
export async function inviteCrewMembers(ctx: AppContext, leaderId: string) {
  const { crews, crewInvitations, workers } = ctx.store;
  const crew = await crews.findOne({ _id: leaderId });
  const withPhone = (crew?.members ?? []).filter((m): m is typeof m & { phone: string } => !!m.phone);
  if (withPhone.length === 0) return;
  const [leader, registered, sent] = await Promise.all([
    workers.findOne({ _id: leaderId }),
    workers.find({ phone: { $in: [...new Set(withPhone.map((m) => m.phone))] } }),
    crewInvitations.find({ leaderId }),
  ]);
  const already = new Set(sent.map((invitation) => invitation.uniqueKey));
  const sentAt = ctx.clock.now().toISOString();
  for (const member of withPhone)
    for (const worker of registered) {
      if (worker.phone !== member.phone || worker._id === leaderId) continue;
      const uniqueKey = invitationKey(leaderId, member.id, member.phone, worker._id);
      if (already.has(uniqueKey)) continue;
      const invitation: CrewInvitationDoc = {
        _id: crypto.randomUUID(),
        uniqueKey,
        leaderId,
        leaderName: leader?.fullName ?? '',
        memberId: member.id,
        memberName: member.name,
        phone: member.phone,
        workerId: worker._id,
        state: 'Pending',
        sentAt,
        answeredAt: null,
      };
      const event = CrewInvitationSent.create(invitation._id, {
        invitationId: invitation._id,
        leaderId,
        leaderName: invitation.leaderName,
        workerId: worker._id,
        memberName: member.name,
        sentAt,
      });
      try {
        await crewInvitations.insertOne(withEvents(invitation, [{ topic: topics.application, event }]));
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error; // a redelivery already sent it
      }
    }
  ctx.relay.kick();
}

/**
 * Crews saved before invitations existed linked a member by phone alone (a `workerId` without
 * `joined`). Those links never count; their workers are invited like any other, once, at start.
 */
export async function inviteUnconsentedLinks(ctx: AppContext) {
  for (const crew of await ctx.store.crews.find({})) {
    if (!crew.members.some((member) => member.workerId && !member.joined)) continue;
    await inviteCrewMembers(ctx, crew._id);
    await ctx.store.crews.updateOne(
      { _id: crew._id, updatedAt: crew.updatedAt },
      {
        $set: {
          members: crew.members.map(({ workerId: _unconsented, joined: _joined, ...member }) => member),
        },
      },
    );
  }
}
