import { ApplicationAccepted, topics, type VacancyStatus } from '@moba/contracts';
import { adminAudit, pushEvents, type AdminAuditInput, type PendingEvent } from '@moba/platform';
import type { AppContext } from '../context';
import { claimPlaces, settlePlaces } from '../places/places';
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
 * An acceptance is one outcome: the places and the decision together, or neither. Step 1 claims the
 * places keyed by the application (places/claimPlaces: only while the vacancy is Open, not held, with
 * enough free places; a claim left by an interrupted attempt is reused or resized). Step 2 moves the
 * application Pending → Accepted together with its events (outbox). If step 2 loses a race (rejected
 * or accepted meanwhile) the claim is settled to what the application now says; if it fails, the
 * claim is given back before the failure is answered. Should that also fail, the answer says the
 * places stay reserved (DECISION_INTERRUPTED): a retry finishes, a reject or closing gives them back,
 * and the reconciliation (reconcile-places/) frees a claim no acceptance finished.
 *
 * A crew application takes the leader plus the accepted members: all it brings, or, when
 * `acceptedMemberIds` names a part (accept-part-of-crew), exactly those heads in the same one claim.
 */
export async function completeAcceptance(
  ctx: AppContext,
  requested: ApplicationDoc,
  moreEvents: (vacancy: VacancyDoc) => PendingEvent[] = () => [],
  acceptedMemberIds?: string[],
  /** The vacancy statuses a place may be taken in (a standby place: also a moba closed as full or started). */
  claim: { statuses?: VacancyStatus[] } = {},
) {
  const crew = requested.crew;
  const memberIds = crew ? (acceptedMemberIds ?? crew.map((member) => member.id)) : undefined;
  const application: ApplicationDoc = memberIds
    ? { ...requested, positions: 1 + memberIds.length }
    : requested;
  const vacancy = await claimPlaces(ctx, application, application.positions, claim);

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
  let moved: number;
  try {
    moved = await ctx.store.applications.updateOne(
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
  } catch (error) {
    await giveBackAfterFailure(ctx, application, error);
    throw error;
  }
  if (moved === 0) {
    await settlePlaces(ctx, application);
    throw errors.notPending();
  }
  ctx.relay.kick(ctx.store.applications);
  return {
    applicationId: application._id,
    vacancyId: vacancy._id,
    positions: application.positions,
    freePositions: vacancy.freePositions,
    totalPositions: vacancy.totalPositions,
  };
}

/**
 * Step 2 failed: give back the claim this attempt took (unless the write went through after all, or
 * another decision settled the application). Only if that fails too is anything left behind, and
 * the answer says so instead of the outage's "try again".
 */
async function giveBackAfterFailure(ctx: AppContext, application: ApplicationDoc, cause: unknown) {
  try {
    await settlePlaces(ctx, application, { abandoned: application.positions });
  } catch (error) {
    ctx.logger.error(
      { err: error, cause, applicationId: application._id, vacancyId: application.vacancyId },
      'an acceptance failed after claiming places and the claim could not be given back; the reconciliation will',
    );
    throw errors.decisionInterrupted();
  }
}
