import {
  idParamsSchema,
  REPORTS_TO_HIDE,
  reportVacancySchema,
  topics,
  vacancyErrorCodes,
  VacancyReviewChanged,
} from '@moba/contracts';
import { AppError, conflict, DuplicateKeyError, parseInput, pushEvents, type AuthUser } from '@moba/platform';
import type { VacancyContext } from '../context';

/**
 * A worker reports an Open moba: a reason from the list and what happened. Once per worker per moba
 * (the report's id is vacancy:worker). The moba counts its reports; from REPORTS_TO_HIDE on it is
 * hidden from browse (review state 'reported') until an admin decides, and the estate is told.
 */
export async function reportVacancy(ctx: VacancyContext, worker: AuthUser, params: unknown, body: unknown) {
  const { id } = parseInput(idParamsSchema, params, 'params');
  const input = parseInput(reportVacancySchema, body ?? {}, 'body');
  const doc = await ctx.store.vacancies.findOne({ _id: id, deletedAt: { $exists: false } });
  if (!doc) throw new AppError(vacancyErrorCodes.NOT_FOUND, 404, 'vacancy not found');
  if (doc.status !== 'Open' || doc.review?.state === 'rejected')
    throw conflict(vacancyErrorCodes.NOT_REPORTABLE, 'only an open moba can be reported');
  try {
    await ctx.store.reports.insertOne({
      _id: `${id}:${worker.id}`,
      vacancyId: id,
      workerId: worker.id,
      reason: input.reason,
      ...(input.text ? { text: input.text } : {}),
      reportedAt: ctx.clock.now().toISOString(),
    });
  } catch (error) {
    if (error instanceof DuplicateKeyError)
      throw conflict(vacancyErrorCodes.ALREADY_REPORTED, 'you already reported this moba');
    throw error;
  }
  // Count from the reports themselves (a recount, safe to repeat): those since the last decision.
  const since = doc.review?.decidedAt;
  const reports = await ctx.store.reports.count({
    vacancyId: id,
    ...(since ? { reportedAt: { $gt: since } } : {}),
  });
  const hide = reports >= REPORTS_TO_HIDE;
  await ctx.store.vacancies.updateOne(
    {
      _id: id,
      status: 'Open',
      $or: [{ 'review.state': { $ne: 'reported' } }, { 'review.reports': { $lt: reports } }],
    },
    {
      $set: {
        'review.state': 'reported',
        'review.reasons': [{ code: 'reported', reports }],
        'review.reports': reports,
        'review.hidden': false,
      },
    },
  );
  if (hide) {
    const hidden = await ctx.store.vacancies.updateOne(
      {
        _id: id,
        'review.state': 'reported',
        'review.hidden': false,
        'review.reports': { $gte: REPORTS_TO_HIDE },
      },
      pushEvents({ $set: { 'review.hidden': true } }, [
        {
          topic: topics.vacancy,
          event: VacancyReviewChanged.create(
            id,
            {
              vacancyId: id,
              estateId: doc.estateId,
              title: doc.title,
              state: 'hidden',
              reasons: ['reported'],
            },
            { occurredAt: ctx.clock.now() },
          ),
        },
      ]),
    );
    if (hidden) ctx.relay.kick();
  }
  await ctx.readModel.refresh(id);
  return { reported: true as const, reports };
}
