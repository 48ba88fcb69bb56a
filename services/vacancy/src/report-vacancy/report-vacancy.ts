import {
  idParamsSchema,
  reportVacancySchema,
  topics,
  vacancyErrorCodes,
  VacancyReviewChanged,
} from '@moba/contracts';
import { AppError, conflict, DuplicateKeyError, parseInput, pushEvents, type AuthUser } from '@moba/platform';
import type { VacancyContext } from '../context';
import type { VacancyDoc } from '../domain/vacancy';
import { countsSince, hidingWeight, weighReporter, weightToHide } from '../domain/report-weight';

/**
 * A worker reports an Open moba: a reason from the list and what happened. Once per worker per moba
 * (the report's id is vacancy:worker). The report is weighed by what the reporter has at stake
 * (domain/report-weight.ts) and the moba goes to the admin's queue (review state 'reported'); once the
 * weight of the reports since the last decision reaches the bar, it is hidden from browse until an
 * admin decides, and the estate is told.
 */
export async function reportVacancy(ctx: VacancyContext, worker: AuthUser, params: unknown, body: unknown) {
  const { id } = parseInput(idParamsSchema, params, 'params');
  const input = parseInput(reportVacancySchema, body ?? {}, 'body');
  const doc = await ctx.store.vacancies.findOne({ _id: id, deletedAt: { $exists: false } });
  if (!doc) throw new AppError(vacancyErrorCodes.NOT_FOUND, 'vacancy not found');
  if (doc.status !== 'Open' || doc.review?.state === 'rejected')
    throw conflict(vacancyErrorCodes.NOT_REPORTABLE, 'only an open moba can be reported');
  const now = ctx.clock.now();
  const standing = await ctx.store.reporters.findOne({ _id: worker.id });
  const { weight, signals } = weighReporter(standing ?? undefined, doc, now);
  try {
    await ctx.store.reports.insertOne({
      _id: `${id}:${worker.id}`,
      vacancyId: id,
      workerId: worker.id,
      reason: input.reason,
      ...(input.text ? { text: input.text } : {}),
      reportedAt: now.toISOString(),
      weight,
      signals,
    });
  } catch (error) {
    if (error instanceof DuplicateKeyError)
      throw conflict(vacancyErrorCodes.ALREADY_REPORTED, 'you already reported this moba');
    throw error;
  }
  const reports = await countReports(ctx, doc, now);
  await ctx.readModel.refresh(id);
  return { reported: true as const, reports };
}

/** Rounds of recounting when an admin decides meanwhile (a decision is rare; one more round settles it). */
const RECOUNT_ROUNDS = 3;

/**
 * Recounts the moba's reports from the reports themselves (safe to repeat): those since the admin's
 * last decision count. Each write holds only while that decision is still the latest, so reports an
 * admin has just kept the moba against never hide it; a decision made meanwhile means a recount.
 */
async function countReports(ctx: VacancyContext, first: VacancyDoc, now: Date): Promise<number> {
  let doc: VacancyDoc | null = first;
  let reports = 0;
  for (let round = 0; round < RECOUNT_ROUNDS && doc; round++) {
    const since: string | undefined = doc.review?.decidedAt;
    const all = await ctx.store.reports.find({ vacancyId: doc._id });
    reports = all.filter((r) => countsSince(r, since)).length;
    if (reports === 0) return 0; // every report was settled by the decision
    const total = hidingWeight(all, since);
    const toHide = weightToHide(doc.review?.kept ?? 0);
    const sameDecision = { _id: doc._id, status: 'Open', 'review.decidedAt': since ?? { $exists: false } };
    const counts = {
      'review.reasons': [{ code: 'reported', reports }],
      'review.reports': reports,
      'review.weight': total,
    };
    // The first report since a decision puts the moba in the queue; later ones only raise the counts
    // (a larger recount wins a race; a moba already hidden stays hidden).
    await ctx.store.vacancies.updateOne(
      { ...sameDecision, 'review.state': { $ne: 'reported' } },
      { $set: { ...counts, 'review.state': 'reported', 'review.hidden': false } },
    );
    await ctx.store.vacancies.updateOne(
      { ...sameDecision, 'review.state': 'reported', 'review.reports': { $lt: reports } },
      { $set: counts },
    );
    if (total >= toHide) await hide(ctx, doc, sameDecision, toHide, now);
    const latest: VacancyDoc | null = await ctx.store.vacancies.findOne({ _id: doc._id });
    doc = latest && latest.review?.decidedAt !== since ? latest : null;
  }
  return reports;
}

/** Hides a reported moba from browse (once) and tells the estate. */
async function hide(
  ctx: VacancyContext,
  doc: VacancyDoc,
  sameDecision: Record<string, unknown>,
  toHide: number,
  now: Date,
) {
  const hidden = await ctx.store.vacancies.updateOne(
    {
      ...sameDecision,
      'review.state': 'reported',
      'review.hidden': false,
      'review.weight': { $gte: toHide },
    },
    pushEvents({ $set: { 'review.hidden': true } }, [
      {
        topic: topics.vacancy,
        event: VacancyReviewChanged.create(
          doc._id,
          {
            vacancyId: doc._id,
            estateId: doc.estateId,
            title: doc.title,
            state: 'hidden',
            reasons: ['reported'],
          },
          { occurredAt: now },
        ),
      },
    ]),
  );
  if (hidden) ctx.relay.kick();
}
