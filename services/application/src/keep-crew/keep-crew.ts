import { CrewUpdated, calendarDay, topics, type Crew, type CrewRequest } from '@moba/contracts';
import { pushEvents, withEvents, DuplicateKeyError } from '@moba/platform';
import type { AppContext } from '../context';
import type { CrewDoc, StoredCrewMember } from '../store';
import { AppError, applicationErrorCodes as codes } from '../domain/errors';
import { checkCrewQuota, memberLinkOf, type InvitationAnswers } from '../domain/crew';
import { answersOf } from '../crew-answers';

const MAX_TRIES = 5;

const crewView = (leaderId: string, doc: CrewDoc | null, answers: InvitationAnswers): Crew => ({
  leaderId,
  members: (doc?.members ?? []).map((member) => ({
    id: member.id,
    name: member.name,
    phone: member.phone,
    birthYear: member.birthYear,
    link: memberLinkOf(member, answers),
  })),
  updatedAt: doc?.updatedAt ?? null,
});

/** A leader's crew as kept on their profile (empty until saved). */
export async function getCrew(ctx: AppContext, leaderId: string): Promise<Crew> {
  const [doc, answers] = await Promise.all([
    ctx.store.crews.findOne({ _id: leaderId }),
    answersOf(ctx, leaderId),
  ]);
  return crewView(leaderId, doc, answers);
}

/**
 * Counts this save and the new phones it adds against the leader's day (a conditional write, so
 * parallel saves cannot both take the last of the allowance).
 */
async function spendCrewQuota(ctx: AppContext, leaderId: string, newPhones: string[]) {
  const _id = `${leaderId}:${calendarDay(ctx.clock.now())}`;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const quota = await ctx.store.crewQuotas.findOne({ _id });
    const saves = quota?.saves ?? 0;
    const phones = [...new Set([...(quota?.phones ?? []), ...newPhones])];
    checkCrewQuota(ctx.crewLimits, saves, phones.length);
    if (!quota) {
      try {
        await ctx.store.crewQuotas.insertOne({ _id, saves: 1, phones });
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        continue;
      }
    }
    if ((await ctx.store.crewQuotas.updateOne({ _id, saves }, { $set: { saves: saves + 1, phones } })) === 1)
      return;
  }
  throw new AppError(codes.CREW_SAVES_DAILY_LIMIT, 'the crew is being saved meanwhile; try again');
}

/**
 * A group leader saves their whole crew. Members keep their ids when edited (an id of the saved crew);
 * new ones get an id. Nobody is linked here: the CrewUpdated handler invites the workers registered
 * with new phones (invite-crew-members), so the answer and its timing are the same for every phone.
 * The change and its CrewUpdated are written together (outbox).
 */
export async function saveCrew(
  ctx: AppContext,
  leaderId: string,
  input: { members: (Omit<CrewRequest['members'][number], 'phone'> & { phone?: string })[] },
): Promise<Crew> {
  const { workers, crews } = ctx.store;
  const leader = await workers.findOne({ _id: leaderId });
  if (!leader?.groupLeader)
    throw new AppError(codes.NOT_GROUP_LEADER, 'only a group leader keeps a crew', [
      { field: 'members', code: codes.NOT_GROUP_LEADER, message: 'only a group leader keeps a crew' },
    ]);
  const current = await crews.findOne({ _id: leaderId });
  const known = new Set((current?.members ?? []).map((member) => member.id));
  const savedPhones = new Set((current?.members ?? []).map((member) => member.phone));
  const newPhones = input.members
    .map((m) => m.phone)
    .filter((phone): phone is string => !!phone && !savedPhones.has(phone));
  await spendCrewQuota(ctx, leaderId, newPhones);

  const used = new Set<string>();
  const members: StoredCrewMember[] = input.members.map((m) => {
    const id = m.id && known.has(m.id) && !used.has(m.id) ? m.id : crypto.randomUUID();
    used.add(id);
    return { id, name: m.name, phone: m.phone ? m.phone : null, birthYear: m.birthYear ?? null };
  });
  const updatedAt = ctx.clock.now().toISOString();
  const event = CrewUpdated.create(leaderId, {
    leaderId,
    memberIds: members.map((m) => m.id),
    size: members.length,
  });
  const outgoing = [{ topic: topics.application, event }];
  const saved = await crews.updateOne(
    { _id: leaderId },
    pushEvents({ $set: { members, updatedAt } }, outgoing),
  );
  if (saved === 0) {
    try {
      await crews.insertOne(withEvents({ _id: leaderId, members, updatedAt }, outgoing));
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      await crews.updateOne({ _id: leaderId }, pushEvents({ $set: { members, updatedAt } }, outgoing));
    }
  }
  ctx.relay.kick();
  return crewView(leaderId, { _id: leaderId, members, updatedAt }, await answersOf(ctx, leaderId));
}
