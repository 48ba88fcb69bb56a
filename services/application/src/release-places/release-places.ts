import {
  allDaysOf,
  meetingTimeOn,
  PlacesReleased,
  topics,
  type Cancellation,
  type PlaceReleaseReason,
  type ReleaseResult,
} from '@moba/contracts';
import { pushEvents } from '@moba/platform';
import type { AppContext } from '../context';
import type { ApplicationDoc, VacancyDoc } from '../store';
import { errors } from '../domain/errors';
import { DEFAULT_DAY_START, isLateRelease, nextStart } from '../domain/late-release';
import { settlePlaces } from '../places/places';

export interface ReleaseInput {
  applicationId: string;
  /** How many heads to give back; omitted (or all it holds): the whole place, and it is Cancelled. */
  heads?: number;
  reason: PlaceReleaseReason;
  /** The worker's or the estate's words. */
  note?: string;
  /** The worker's or the estate's choice of reason (workerCancelReasons / estateRemoveReasons). */
  choice?: string;
  /**
   * Makes a partial release safe to retry: a release with a key already applied to this application
   * gives back nothing more (a whole release is safe to retry without one).
   */
  key?: string;
}

const ATTEMPTS = 10;

/**
 * The one way to give accepted places back (issue #31): a worker cancels, an estate removes someone,
 * a confirmation is declined or left unanswered, a leader brings fewer heads.
 *
 * Step 1 records the decision on the application with its PlacesReleased event (outbox), in one write
 * conditional on what was read: a partial release shrinks `positions`, a whole one sets status
 * Cancelled with `cancellation`. Step 2 gives the claim back through places/ (settlePlaces makes the
 * claim agree with the application; places/ reports the new free count as VacancyPlacesChanged).
 * Step 3, the standby offer, follows PlacesReleased (messaging → offerStandby), which settles the
 * claim first as well: should step 2 be interrupted, the event, a retry of this call or the
 * reconciliation finish it, and nothing is lost between the steps.
 */
export async function releasePlaces(ctx: AppContext, input: ReleaseInput): Promise<ReleaseResult> {
  if (input.heads !== undefined && (!Number.isInteger(input.heads) || input.heads < 1))
    throw new Error(`releasePlaces: heads must be a positive integer, got ${input.heads}`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const application = await ctx.store.applications.findOne({ _id: input.applicationId });
    if (!application) throw errors.applicationNotFound();
    const done = alreadyReleased(application, input);
    if (done) return finish(ctx, application, done);
    if (application.status !== 'Accepted') throw errors.notAccepted();

    const vacancy = await ctx.store.vacancies.findOne({ _id: application.vacancyId });
    if (!vacancy) throw errors.vacancyNotFound();
    const now = ctx.clock.now();
    const heads = Math.min(input.heads ?? application.positions, application.positions);
    const remaining = application.positions - heads;
    const late = isLateRelease(input.reason, startOf(vacancy, now), now);
    const at = now.toISOString();
    const event = PlacesReleased.create(application._id, {
      applicationId: application._id,
      vacancyId: vacancy._id,
      estateId: vacancy.estateId,
      workerId: application.workerId,
      heads,
      reason: input.reason,
      ...(input.note ? { note: input.note } : {}),
      ...(input.choice ? { choice: input.choice } : {}),
      remaining,
      late,
      releasedAt: at,
    });
    const cancellation: Cancellation = {
      reason: input.reason,
      ...(input.choice ? { choice: input.choice } : {}),
      ...(input.note ? { note: input.note } : {}),
      late,
      at,
    };
    const set: Record<string, unknown> =
      remaining === 0 ? { status: 'Cancelled', cancellation } : { positions: remaining };
    if (input.key) set[`releases.${input.key}`] = heads;
    const written = await ctx.store.applications.updateOne(
      { _id: application._id, status: 'Accepted', positions: application.positions },
      pushEvents({ $set: set }, [{ topic: topics.application, event }]),
    );
    if (!written) continue; // changed meanwhile (another release, a closing): read again
    ctx.relay.kick();
    const after = { ...application, ...(remaining === 0 ? { status: 'Cancelled' as const } : {}) };
    return finish(
      ctx,
      { ...after, positions: remaining === 0 ? application.positions : remaining },
      {
        released: heads,
        late,
      },
    );
  }
  throw new Error(`the application ${input.applicationId} kept changing; try again`);
}

/** A retry of a release already recorded: what it released, so the next steps run again. */
function alreadyReleased(application: ApplicationDoc, input: ReleaseInput) {
  if (input.key && application.releases?.[input.key] !== undefined)
    return { released: application.releases[input.key]!, late: application.cancellation?.late ?? false };
  if (application.status === 'Cancelled' && application.cancellation && input.heads === undefined)
    return { released: application.positions, late: application.cancellation.late };
  return undefined;
}

/** Step 2: the claim follows the application (a failure is left to the event and the reconciliation). */
async function finish(
  ctx: AppContext,
  application: ApplicationDoc,
  outcome: { released: number; late: boolean },
): Promise<ReleaseResult> {
  try {
    await settlePlaces(ctx, application);
  } catch (err) {
    ctx.logger.warn(
      { err, applicationId: application._id, vacancyId: application.vacancyId },
      'giving back released places failed; the PlacesReleased handler or the reconciliation will',
    );
  }
  const vacancy = await ctx.store.vacancies.findOne({ _id: application.vacancyId });
  const cancelled = application.status === 'Cancelled';
  return {
    applicationId: application._id,
    status: application.status,
    positions: cancelled ? 0 : application.positions,
    releasedPositions: outcome.released,
    late: outcome.late,
    freePositions: vacancy?.freePositions ?? 0,
  };
}

/** The moba's work days and meeting times, as the replica knows them (the day-of-work helpers add them). */
interface DayOfWorkFacts {
  workDays?: string[];
  dayOfWork?: { meeting: { time: string; timeByDay: Record<string, string> } | null };
}

function startOf(vacancy: VacancyDoc, now: Date) {
  const facts = vacancy as VacancyDoc & DayOfWorkFacts;
  const days = facts.workDays ?? allDaysOf(vacancy.startDate, vacancy.endDate);
  const meeting = facts.dayOfWork?.meeting;
  return nextStart(days, now, (day) => (meeting ? meetingTimeOn(meeting, day) : DEFAULT_DAY_START));
}
