import { CrewUpdated, topics, type Crew, type CrewMember, type CrewRequest } from '@moba/contracts';
import { pushEvents, withEvents, DuplicateKeyError } from '@moba/platform';
import type { AppContext } from '../context';
import type { CrewDoc } from '../store';
import { AppError, applicationErrorCodes as codes } from '../domain/errors';

const crewView = (leaderId: string, doc: CrewDoc | null): Crew => ({
  leaderId,
  members: doc?.members ?? [],
  updatedAt: doc?.updatedAt ?? null,
});

/** A leader's crew as kept on their profile (empty until saved). */
export async function getCrew(ctx: AppContext, leaderId: string): Promise<Crew> {
  return crewView(leaderId, await ctx.store.crews.findOne({ _id: leaderId }));
}

/**
 * A group leader saves their whole crew. Members keep their ids when edited (an id of the saved crew);
 * new ones get an id. A member whose phone is a registered worker's is linked to that worker, so their
 * attendance counts for them too. The change and its CrewUpdated are written together (outbox).
 */
export async function saveCrew(
  ctx: AppContext,
  leaderId: string,
  input: { members: (Omit<CrewRequest['members'][number], 'phone'> & { phone?: string })[] },
): Promise<Crew> {
  const { workers, crews } = ctx.store;
  const leader = await workers.findOne({ _id: leaderId });
  if (!leader?.groupLeader)
    throw new AppError(codes.NOT_GROUP_LEADER, 400, 'only a group leader keeps a crew', [
      { field: 'members', code: codes.NOT_GROUP_LEADER, message: 'only a group leader keeps a crew' },
    ]);
  const current = await crews.findOne({ _id: leaderId });
  const known = new Set((current?.members ?? []).map((member) => member.id));
  const phones = input.members.map((m) => m.phone).filter((phone): phone is string => !!phone);
  const registered = phones.length ? await workers.find({ phone: { $in: [...new Set(phones)] } }) : [];
  const workerByPhone = new Map(
    registered.filter((w) => w._id !== leaderId).map((w) => [w.phone, w._id] as const),
  );
  const used = new Set<string>();
  const members: CrewMember[] = input.members.map((m) => {
    const id = m.id && known.has(m.id) && !used.has(m.id) ? m.id : crypto.randomUUID();
    used.add(id);
    const phone = m.phone ? m.phone : null;
    return {
      id,
      name: m.name,
      phone,
      birthYear: m.birthYear ?? null,
      workerId: phone ? (workerByPhone.get(phone) ?? null) : null,
    };
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
  return { leaderId, members, updatedAt };
}
