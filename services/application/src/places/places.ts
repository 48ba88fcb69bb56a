import { topics, VacancyPlacesChanged, type VacancyStatus } from '@moba/contracts';
import { pushEvents } from '@moba/platform';
import type { AppContext } from '../context';
import type { VacancyDoc } from '../store';
import { errors } from '../domain/errors';
import { placesHeld } from '../domain/places';

/**
 * The one place where places are taken and given back (ARCHITECTURE §6: the application service is
 * the single writer of places; a freed place is a claim given back, never a counter nudged by hand).
 *
 * A claim lives on the vacancy replica, keyed by the application: `claims.<applicationId> = positions`
 * next to `freePositions` in the same document, so each change is one atomic conditional update and
 * free = total - sum(claims) always holds. `claimedAt.<applicationId>` says when, so the
 * reconciliation can tell a claim left by an interrupted acceptance from one in flight.
 *
 * Every change of the free count raises `placesVersion` in the same write; publishPlaces then reports
 * the count as VacancyPlacesChanged (the vacancy service follows it). `placesPublished` records the
 * version last put in the outbox, so a report a crash skipped is made by the reconciliation.
 */

interface Claimant {
  _id: string;
  vacancyId: string;
}

const claimPath = (applicationId: string) => `claims.${applicationId}`;
const claimedAtPath = (applicationId: string) => `claimedAt.${applicationId}`;
const ATTEMPTS = 20;

/**
 * Takes `positions` places for the application: only on an Open, not held vacancy with enough free
 * places. A claim this application already holds is reused when it has that size (a retry of an
 * interrupted acceptance) and resized otherwise (an interrupted acceptance of the whole crew, now
 * accepted in part): an application holds one claim at most, whatever happened before.
 * Resolves the vacancy as it is after the claim; refuses with a coded error.
 */
export async function claimPlaces(
  ctx: AppContext,
  application: Claimant,
  positions: number,
  options: { statuses?: VacancyStatus[] } = {},
) {
  const claimed = await claimOnce(ctx, application, positions, options.statuses ?? ['Open']);
  await publishPlacesSafely(ctx, application.vacancyId);
  return claimed;
}

async function claimOnce(
  ctx: AppContext,
  application: Claimant,
  positions: number,
  statuses: VacancyStatus[],
) {
  const { vacancies } = ctx.store;
  const status = statuses.length === 1 ? statuses[0] : { $in: statuses };
  const key = claimPath(application._id);
  const claimedAt = ctx.clock.now().toISOString();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const taken = await vacancies.findOneAndUpdate(
      {
        _id: application.vacancyId,
        status,
        deleted: false,
        held: { $ne: true },
        freePositions: { $gte: positions },
        [key]: { $exists: false },
      },
      {
        $inc: { freePositions: -positions, placesVersion: 1 },
        $set: { [key]: positions, [claimedAtPath(application._id)]: claimedAt },
      },
    );
    if (taken) return taken;

    const current = await vacancies.findOne({ _id: application.vacancyId });
    if (!current || current.deleted) throw errors.vacancyNotFound();
    if (current.held) throw errors.vacancyHeld();
    const holding = current.claims?.[application._id];
    if (holding === positions) return current; // taken by an earlier attempt of this same acceptance
    if (!statuses.includes(current.status)) throw errors.vacancyNotOpen();
    if (holding === undefined) {
      if (current.freePositions < positions) throw errors.noFreePositions();
      continue; // changed between the two reads
    }
    if (current.freePositions < positions - holding) throw errors.noFreePositions();
    const resized = await changeClaim(ctx, current, application._id, holding, positions, claimedAt, {
      status,
      deleted: false,
      held: { $ne: true },
    });
    if (resized) return resized;
  }
  throw new Error(`the places of vacancy ${application.vacancyId} kept changing; try again`);
}

/** Gives back every place the application holds (none held: nothing happens). */
export async function releasePlaces(ctx: AppContext, application: Claimant) {
  await settleClaim(ctx, application, () => undefined);
}

/**
 * After a decision that leaves the application without places (rejected, closed): gives back what
 * it holds. The decision stands whatever happens here; a failure is logged and the reconciliation
 * gives the places back later.
 */
export async function giveBackPlacesOf(ctx: AppContext, application: Claimant) {
  try {
    await settlePlaces(ctx, application);
  } catch (err) {
    ctx.logger.warn(
      { err, applicationId: application._id, vacancyId: application.vacancyId },
      'giving back the places of a decided application failed; the reconciliation will',
    );
  }
}

/**
 * Makes the application's claim agree with its recorded state (see placesHeld): an accepted one
 * holds its positions, a decided or closed one none, a pending one what an acceptance in flight took
 * unless `pending` says that acceptance is over. Safe to call at any time, any number of times.
 */
export async function settlePlaces(
  ctx: AppContext,
  application: Claimant,
  pending: { abandoned?: number; stale?: boolean } = {},
) {
  const latest = await ctx.store.applications.findOne({ _id: application._id });
  await settleClaim(ctx, application, (claim) => placesHeld(latest, claim, pending));
}

async function settleClaim(
  ctx: AppContext,
  application: Claimant,
  target: (claim: number | undefined) => number | undefined,
) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const vacancy = await ctx.store.vacancies.findOne({ _id: application.vacancyId });
    if (!vacancy) return;
    const claim = vacancy.claims?.[application._id];
    const wanted = target(claim);
    if (wanted === claim) return;
    if (wanted !== undefined && vacancy.freePositions < wanted - (claim ?? 0)) {
      ctx.logger.error(
        { applicationId: application._id, vacancyId: vacancy._id, claim, wanted },
        'an accepted application holds fewer places than it took and none are free to make it whole',
      );
      return;
    }
    const now = ctx.clock.now().toISOString();
    if (await changeClaim(ctx, vacancy, application._id, claim, wanted, now)) {
      await publishPlacesSafely(ctx, application.vacancyId);
      return;
    }
  }
  throw new Error(`the places of vacancy ${application.vacancyId} kept changing; try again`);
}

/** One compare-and-set of a claim: from what was read to what it should be, free places following. */
async function changeClaim(
  ctx: AppContext,
  vacancy: VacancyDoc,
  applicationId: string,
  from: number | undefined,
  to: number | undefined,
  claimedAt: string,
  only: Record<string, unknown> = {},
): Promise<VacancyDoc | null> {
  const key = claimPath(applicationId);
  const taking = (to ?? 0) - (from ?? 0);
  return ctx.store.vacancies.findOneAndUpdate(
    {
      _id: vacancy._id,
      ...only,
      [key]: from === undefined ? { $exists: false } : from,
      ...(taking > 0 ? { freePositions: { $gte: taking } } : {}),
    },
    {
      $inc: { freePositions: -taking, placesVersion: 1 },
      ...(to === undefined
        ? { $unset: { [key]: true, [claimedAtPath(applicationId)]: true } }
        : { $set: { [key]: to, [claimedAtPath(applicationId)]: claimedAt } }),
    },
  );
}

/**
 * Reports the vacancy's free count as VacancyPlacesChanged when its current `placesVersion` was not
 * reported yet: the event goes into the vacancy's outbox in a write conditional on the version and
 * count it reports, so it always carries a count the vacancy really had at that version. Safe to call
 * at any time, any number of times, from any instance (a version is reported once). Resolves whether
 * it reported.
 */
export async function publishPlaces(ctx: AppContext, vacancyId: string): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const vacancy = await ctx.store.vacancies.findOne({ _id: vacancyId });
    const version = vacancy?.placesVersion ?? 0;
    if (!vacancy || version === 0 || (vacancy.placesPublished ?? 0) >= version) return false;
    const event = VacancyPlacesChanged.create(vacancyId, {
      vacancyId,
      totalPositions: Math.max(1, vacancy.totalPositions),
      freePositions: vacancy.freePositions,
      version,
    });
    const written = await ctx.store.vacancies.updateOne(
      { _id: vacancyId, placesVersion: version, freePositions: vacancy.freePositions },
      pushEvents({ $set: { placesPublished: version } }, [{ topic: topics.application, event }]),
    );
    if (written) {
      ctx.relay.kick(ctx.store.vacancies);
      return true;
    }
  }
  return false;
}

/** After a change of places: a failed report is logged; the reconciliation reports it later. */
async function publishPlacesSafely(ctx: AppContext, vacancyId: string) {
  try {
    await publishPlaces(ctx, vacancyId);
  } catch (err) {
    ctx.logger.warn({ err, vacancyId }, 'reporting the free places failed; the reconciliation will');
  }
}
