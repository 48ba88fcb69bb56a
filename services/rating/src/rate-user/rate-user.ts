import { randomUUID } from 'node:crypto';
import { badRequest, DuplicateKeyError, type AuthUser, type Clock, type OutboxRelay } from '@moba/platform';
import {
  ratingErrorCodes,
  unofferedAnswers,
  type ErrorDetail,
  type EstatePromises,
  type WorkerPromises,
} from '@moba/contracts';
import { estateMayRateVacancy, estateMayRateWorker, workerMayRateEstate } from '../domain/rating-rules';
import { ratingError } from '../domain/errors';
import { summarizeRating } from '../summarize-ratings/summarize-ratings';
import { attendanceOf, participantId } from '../participants';
import type { RatingDoc, RatingStore, VacancyDoc } from '../store';

export interface RatingUseCaseDeps {
  store: RatingStore;
  relay: OutboxRelay;
  clock: Clock;
}

interface GradeInput {
  grade: number;
  comment?: string;
  promises?: EstatePromises | WorkerPromises;
}

/** A checklist answer about food, transport or accommodation the moba did not offer is refused, naming it. */
function checkOffered(promises: EstatePromises | undefined, vacancy: VacancyDoc) {
  if (!promises) return;
  const extras = unofferedAnswers(promises, vacancy.offers);
  if (extras.length)
    throw badRequest(
      'VALIDATION',
      `invalid ${extras.map((e) => `promises.${e}`).join(', ')}`,
      extras.map((extra) => ({
        field: `promises.${extra}`,
        code: 'not_offered',
        message: 'the moba did not offer this',
      })),
    );
}

const isParticipant = async (store: RatingStore, vacancyId: string, workerId: string) =>
  !!(await store.participants.findOne({ _id: participantId(vacancyId, workerId), released: { $ne: true } }));

/** What an estate's rating of a worker names about attendance: how many of their people came. */
const attendanceFor = async (store: RatingStore, vacancyId: string, workerId: string) =>
  attendanceOf(await store.participants.findOne({ _id: participantId(vacancyId, workerId) }));

const hasRated = async (store: RatingStore, vacancyId: string, raterId: string, ratedUserId: string) =>
  !!(await store.ratings.findOne({ vacancyId, raterId, ratedUserId }));

/** The name a rater is shown with: an estate by its estate name, a worker by full name. */
async function raterName(store: RatingStore, rater: AuthUser, vacancy?: VacancyDoc | null) {
  const user = await store.users.findOne({ _id: rater.id });
  if (rater.role === 'Estate')
    return user?.estateName ?? vacancy?.estateName ?? user?.fullName ?? rater.fullName;
  return user?.fullName ?? rater.fullName;
}

function newRating(
  base: Omit<RatingDoc, '_id' | 'grade' | 'comment' | 'createdAt' | 'state' | 'summarized'>,
  input: GradeInput,
  now: Date,
  state: RatingDoc['state'],
): RatingDoc {
  return {
    _id: randomUUID(),
    ...base,
    grade: input.grade,
    ...(input.comment ? { comment: input.comment } : {}),
    ...(input.promises ? { promises: input.promises } : {}),
    createdAt: now.toISOString(),
    state,
    summarized: false,
  };
}

/** Inserts one committed rating; the unique (vacancyId, raterId, ratedUserId) index enforces "once" under races. */
async function insertOnce(deps: RatingUseCaseDeps, rating: RatingDoc) {
  try {
    await deps.store.ratings.insertOne(rating);
  } catch (error) {
    if (error instanceof DuplicateKeyError)
      throw ratingError(ratingErrorCodes.ALREADY_RATED, rating.ratedRole);
    throw error;
  }
  const summary = await summarizeRating(deps.store, deps.relay, rating);
  return { ratingId: rating._id, ratedUserId: rating.ratedUserId, ...summary };
}

/** POST /users/{estateId}/rate/estate: an accepted worker of the Finished vacancy rates its estate, once. */
export async function rateEstate(
  deps: RatingUseCaseDeps,
  worker: AuthUser,
  estateId: string,
  input: GradeInput & { vacancyId: string; promises?: EstatePromises },
) {
  const { store } = deps;
  const vacancy = await store.vacancies.findOne({ _id: input.vacancyId });
  const verdict = workerMayRateEstate(
    vacancy,
    await isParticipant(store, input.vacancyId, worker.id),
    await hasRated(store, input.vacancyId, worker.id, vacancy?.estateId ?? estateId),
  );
  if (!verdict.ok) throw ratingError(verdict.code, 'Estate');
  if (vacancy!.estateId !== estateId) {
    throw ratingError(ratingErrorCodes.NOT_VACANCY_ESTATE, 'Estate', [
      {
        field: 'id',
        code: ratingErrorCodes.NOT_VACANCY_ESTATE,
        message: 'is not the estate of this vacancy',
      },
    ]);
  }
  checkOffered(input.promises, vacancy!);
  const rating = newRating(
    {
      vacancyId: input.vacancyId,
      vacancyTitle: vacancy!.title,
      raterId: worker.id,
      raterRole: 'Worker',
      raterName: await raterName(store, worker),
      ratedUserId: estateId,
      ratedRole: 'Estate',
    },
    input,
    deps.clock.now(),
    'committed',
  );
  return insertOnce(deps, rating);
}

async function ownFinishedVacancy(store: RatingStore, estate: AuthUser, vacancyId: string) {
  const vacancy = await store.vacancies.findOne({ _id: vacancyId });
  const verdict = estateMayRateVacancy(vacancy, estate.id);
  if (!verdict.ok) throw ratingError(verdict.code, 'Worker');
  return vacancy!;
}

/** POST /users/{workerId}/rate/worker: the owning estate rates one accepted worker of its Finished vacancy, once. */
export async function rateWorker(
  deps: RatingUseCaseDeps,
  estate: AuthUser,
  workerId: string,
  input: GradeInput & { vacancyId: string },
) {
  const { store } = deps;
  const vacancy = await ownFinishedVacancy(store, estate, input.vacancyId);
  const verdict = estateMayRateWorker(
    await isParticipant(store, vacancy._id, workerId),
    await hasRated(store, vacancy._id, estate.id, workerId),
  );
  if (!verdict.ok) throw ratingError(verdict.code, 'Worker');
  const rating = newRating(
    {
      vacancyId: vacancy._id,
      vacancyTitle: vacancy.title,
      raterId: estate.id,
      raterRole: 'Estate',
      raterName: await raterName(store, estate, vacancy),
      ratedUserId: workerId,
      ratedRole: 'Worker',
      ...(await attendanceFor(store, vacancy._id, workerId)),
    },
    input,
    deps.clock.now(),
    'committed',
  );
  return insertOnce(deps, rating);
}

/**
 * POST /users/rate/workers: several workers of one vacancy at once, all or nothing. Every item is
 * checked first and every refusal is reported (`ratings.<i>.workerId` → code); only then are the items
 * written, as 'pending' (neither counted nor shown), and committed together. A rating that slips in
 * between (a concurrent call) makes the unique index refuse an insert: the batch is undone.
 */
export async function rateWorkers(
  deps: RatingUseCaseDeps,
  estate: AuthUser,
  input: { vacancyId: string; ratings: (GradeInput & { workerId: string })[] },
) {
  const { store } = deps;
  const vacancy = await ownFinishedVacancy(store, estate, input.vacancyId);

  const refusals: ErrorDetail[] = [];
  for (const [index, item] of input.ratings.entries()) {
    const verdict = estateMayRateWorker(
      await isParticipant(store, vacancy._id, item.workerId),
      await hasRated(store, vacancy._id, estate.id, item.workerId),
    );
    if (!verdict.ok)
      refusals.push({ field: `ratings.${index}.workerId`, code: verdict.code, message: verdict.code });
  }
  if (refusals.length > 0) throw ratingError(ratingErrorCodes.BULK_REJECTED, 'Worker', refusals);

  const batchId = randomUUID();
  const now = deps.clock.now();
  const name = await raterName(store, estate, vacancy);
  const attendances = await Promise.all(
    input.ratings.map((item) => attendanceFor(store, vacancy._id, item.workerId)),
  );
  const docs = input.ratings.map((item, index) =>
    newRating(
      {
        vacancyId: vacancy._id,
        vacancyTitle: vacancy.title,
        raterId: estate.id,
        raterRole: 'Estate',
        raterName: name,
        ratedUserId: item.workerId,
        ratedRole: 'Worker',
        batchId,
        ...attendances[index],
      },
      item,
      now,
      'pending',
    ),
  );
  for (const [index, doc] of docs.entries()) {
    try {
      await store.ratings.insertOne(doc);
    } catch (error) {
      await store.ratings.deleteMany({ batchId, state: 'pending' });
      if (error instanceof DuplicateKeyError) {
        throw ratingError(ratingErrorCodes.BULK_REJECTED, 'Worker', [
          {
            field: `ratings.${index}.workerId`,
            code: ratingErrorCodes.ALREADY_RATED,
            message: ratingErrorCodes.ALREADY_RATED,
          },
        ]);
      }
      throw error;
    }
  }
  await store.ratings.updateMany({ batchId, state: 'pending' }, { $set: { state: 'committed' } });

  const results = [];
  for (const doc of docs) {
    const summary = await summarizeRating(store, deps.relay, { ...doc, state: 'committed' });
    results.push({ ratingId: doc._id, ratedUserId: doc.ratedUserId, ...summary });
  }
  return { ratings: results };
}
