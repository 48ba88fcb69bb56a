import { ApplicationAccepted, topics } from '@moba/contracts';
import { pushEvents, type PendingEvent } from '@moba/platform';
import type { AppContext } from '../context';
import type { ApplicationDoc, VacancyDoc } from '../store';
import { errors } from '../domain/errors';

/** An admin accepts a pending worker application; see completeAcceptance for the capacity rule. */
export async function acceptApplication(ctx: AppContext, applicationId: string) {
  const application = await ctx.store.applications.findOne({ _id: applicationId, guest: false });
  if (!application) throw errors.applicationNotFound();
  if (application.status !== 'Pending') throw errors.notPending();
  return completeAcceptance(ctx, application);
}

/**
 * The single writer of capacity. Step 1 takes the positions on the vacancy replica with one atomic
 * conditional update: only while the vacancy is Open, enough positions are free and this application
 * holds no claim yet (the claim is recorded in the same document, so free = total - claims always).
 * Step 2 moves the application Pending → Accepted together with its events (outbox). If step 2 loses
 * a race (rejected or accepted meanwhile), the claim is given back. A retry after a crash between the
 * steps finds the claim and finishes step 2.
 */
export async function completeAcceptance(
  ctx: AppContext,
  application: ApplicationDoc,
  moreEvents: (vacancy: VacancyDoc) => PendingEvent[] = () => [],
) {
  const { vacancies, applications } = ctx.store;
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
    if (current.claims?.[application._id] === undefined) {
      throw current.status === 'Open' ? errors.noFreePositions() : errors.vacancyNotOpen();
    }
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
  });
  const events = [{ topic: topics.application, event: accepted }, ...moreEvents(vacancy)];
  const decidedAt = ctx.clock.now().toISOString();
  const moved = await applications.updateOne(
    { _id: application._id, status: 'Pending' },
    pushEvents({ $set: { status: 'Accepted', decidedAt } }, events),
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
