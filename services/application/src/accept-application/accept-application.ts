import { ApplicationAccepted, topics } from '@moba/contracts';
import { adminAudit, pushEvents, type AdminAuditInput, type PendingEvent } from '@moba/platform';
import type { AppContext } from '../context';
import type { ApplicationDoc, VacancyDoc } from '../store';
import { errors } from '../domain/errors';
import { crewOutcome } from '../domain/crew';

/** An admin accepts a pending worker application; see completeAcceptance for the capacity rule. */
export async function acceptApplication(
  ctx: AppContext,
  applicationId: string,
  admin: AdminAuditInput['actor'],
) {
  const application = await ctx.store.applications.findOne({ _id: applicationId, guest: false });
  if (!application) throw errors.applicationNotFound();
  if (application.status !== 'Pending') throw errors.notPending();
  return completeAcceptance(ctx, application, (vacancy) => [
    adminAudit(
      {
        actor: admin,
        action: 'application.accept',
        target: { type: 'application', id: application._id, label: vacancy.title },
        before: { status: 'Pending' },
        after: { status: 'Accepted' },
      },
      ctx.clock,
    ),
  ]);
}

/**
 * The single writer of capacity. Step 1 takes the positions on the vacancy replica with one atomic
 * conditional update: only while the vacancy is Open, enough positions are free and this application
 * holds no claim yet (the claim is recorded in the same document, so free = total - claims always).
 * Step 2 moves the application Pending → Accepted together with its events (outbox). If step 2 loses
 * a race (rejected or accepted meanwhile), the claim is given back. A retry after a crash between the
 * steps finds the claim and finishes step 2.
 *
 * A crew application takes the leader plus the accepted members: all it brings, or, when
 * `acceptedMemberIds` names a part (accept-part-of-crew), exactly those heads in the same one claim.
 */
export async function completeAcceptance(
  ctx: AppContext,
  requested: ApplicationDoc,
  moreEvents: (vacancy: VacancyDoc) => PendingEvent[] = () => [],
  acceptedMemberIds?: string[],
) {
  const { vacancies, applications } = ctx.store;
  const crew = requested.crew;
  const memberIds = crew ? (acceptedMemberIds ?? crew.map((member) => member.id)) : undefined;
  const application: ApplicationDoc = memberIds
    ? { ...requested, positions: 1 + memberIds.length }
    : requested;
  const claimKey = `claims.${application._id}`;
  let vacancy = await vacancies.findOneAndUpdate(
    {
      _id: application.vacancyId,
      status: 'Open',
      deleted: false,
      freePositions: { $gte: application.positions },
      [claimKey]: { $exists: false },
    },
    { $inc: { freePositions: -application.positions }, $set: { [claimKey]: application.positions } },
  );
  if (!vacancy) {
    const current = await vacancies.findOne({ _id: application.vacancyId });
    if (!current || current.deleted) throw errors.vacancyNotFound();
    const claimed = current.claims?.[application._id];
    if (claimed === undefined) {
      throw current.status === 'Open' ? errors.noFreePositions() : errors.vacancyNotOpen();
    }
    // Another decision on this application (a whole crew against a part of it) holds the claim.
    if (claimed !== application.positions) throw errors.notPending();
    vacancy = current; // claimed by an earlier attempt of this same acceptance
  }

  const accepted = ApplicationAccepted.create(application._id, {
    applicationId: application._id,
    vacancyId: vacancy._id,
    estateId: vacancy.estateId,
    workerId: application.workerId,
    guest: application.guest,
    positions: application.positions,
    freePositions: vacancy.freePositions,
    totalPositions: vacancy.totalPositions,
    ...(crew && memberIds ? { crew: crewOutcome(crew, memberIds) } : {}),
  });
  const events = [{ topic: topics.application, event: accepted }, ...moreEvents(vacancy)];
  const decidedAt = ctx.clock.now().toISOString();
  const moved = await applications.updateOne(
    { _id: application._id, status: 'Pending' },
    pushEvents(
      {
        $set: {
          status: 'Accepted',
          decidedAt,
          ...(memberIds ? { positions: application.positions, acceptedMemberIds: memberIds } : {}),
        },
      },
      events,
    ),
  );
  if (moved === 0) {
    const latest = await applications.findOne({ _id: application._id });
    if (latest?.status !== 'Accepted') await releaseClaim(ctx, application);
    throw errors.notPending();
  }
  ctx.relay.kick();
  return {
    applicationId: application._id,
    vacancyId: vacancy._id,
    positions: application.positions,
    freePositions: vacancy.freePositions,
    totalPositions: vacancy.totalPositions,
  };
}

/** Gives the positions of a claim back, once (the claim's presence is the condition). */
export async function releaseClaim(ctx: AppContext, application: ApplicationDoc) {
  const claimKey = `claims.${application._id}`;
  await ctx.store.vacancies.updateOne(
    { _id: application.vacancyId, [claimKey]: { $exists: true } },
    { $inc: { freePositions: application.positions }, $unset: { [claimKey]: true } },
  );
}
