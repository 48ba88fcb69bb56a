import {
  idParamsSchema,
  reviewDecisionSchema,
  topics,
  vacancyErrorCodes,
  VacancyReviewChanged,
  type ListingReview,
  type ReviewQueueItem,
} from '@moba/contracts';
import { adminAudit, AppError, conflict, parseInput, type AuthUser } from '@moba/platform';
import type { VacancyContext } from '../context';
import { statusOn, toItem, type VacancyDoc } from '../domain/vacancy';
import { todayOf } from '../context';
import { transitionStatus } from '../vacancy-writes';
import { countsSince, weightOf, weightToHide } from '../domain/report-weight';

/**
 * POST /admin/vacancies/review: held and reported mobas, oldest first, each with its reports (their
 * weight, why, and whether they still count toward hiding) and the weight that hides it.
 */
export async function reviewQueue(ctx: VacancyContext): Promise<ReviewQueueItem[]> {
  const docs = await ctx.store.vacancies.find(
    { deletedAt: { $exists: false }, 'review.state': { $in: ['held', 'reported'] } },
    { sort: { createdAt: 1 } },
  );
  const items: ReviewQueueItem[] = [];
  for (const doc of docs) {
    const reports = await ctx.store.reports.find({ vacancyId: doc._id }, { sort: { reportedAt: 1 } });
    items.push({
      ...toItem(doc),
      review: doc.review!,
      reportList: reports.map((r) => ({
        reason: r.reason,
        ...(r.text ? { text: r.text } : {}),
        reportedAt: r.reportedAt,
        weight: weightOf(r),
        signals: r.signals ?? [],
        counted: countsSince(r, doc.review!.decidedAt),
      })),
      weightToHide: weightToHide(doc.review!.kept ?? 0),
    });
  }
  return items;
}

/**
 * POST /admin/vacancies/{id}/decide. A held moba: approve opens it (or starts its paid featuring),
 * reject closes it. A reported moba: approve keeps it in browse (its reports so far are settled, and
 * hiding it again takes more weight from new reporters), reject closes it. The note tells the estate
 * what happened (VacancyReviewChanged → notification) and goes to the audit log.
 */
export async function decideReview(ctx: VacancyContext, admin: AuthUser, params: unknown, body: unknown) {
  const { id } = parseInput(idParamsSchema, params, 'params');
  const { decision, note } = parseInput(reviewDecisionSchema, body ?? {}, 'body');
  const doc = await ctx.store.vacancies.findOne({ _id: id, deletedAt: { $exists: false } });
  if (!doc) throw new AppError(vacancyErrorCodes.NOT_FOUND, 'vacancy not found');
  const kind = doc.review?.state;
  if (kind !== 'held' && kind !== 'reported')
    throw conflict(vacancyErrorCodes.NOTHING_TO_REVIEW, 'this moba waits for no decision');

  const now = ctx.clock.now();
  const state = decision === 'approve' ? 'approved' : 'rejected';
  const keptAfterReports = kind === 'reported' && state === 'approved';
  const review: ListingReview = {
    ...doc.review!,
    state,
    hidden: state === 'rejected',
    note,
    decidedAt: now.toISOString(),
    ...(keptAfterReports ? { kept: (doc.review!.kept ?? 0) + 1 } : {}),
  };
  const to = decision === 'reject' ? 'Closed' : kind === 'held' ? openingStatus(ctx, doc) : doc.status;
  const events = [
    {
      topic: topics.vacancy,
      event: VacancyReviewChanged.create(
        id,
        { vacancyId: id, estateId: doc.estateId, title: doc.title, state, note },
        { occurredAt: now },
      ),
    },
    adminAudit(
      {
        actor: admin,
        action: kind === 'held' ? 'vacancy.review' : 'report.decide',
        target: { type: 'vacancy', id, label: doc.title },
        before: { status: doc.status, review: kind, reports: doc.review!.reports },
        after: { status: to, review: state, note },
      },
      ctx.clock,
    ),
  ];
  const done = await transitionStatus(ctx, doc, to, `review-${state}`, {
    set: { review, ...(to === 'Pending' ? { pendingSince: now.toISOString() } : {}) },
    events,
  });
  if (!done) throw conflict(vacancyErrorCodes.NOTHING_TO_REVIEW, 'the moba changed meanwhile; look again');
  return { vacancyId: id, state, status: to };
}

/** A held moba's first status: a paid featuring still to pay waits as Pending; otherwise by its dates. */
function openingStatus(ctx: VacancyContext, doc: VacancyDoc) {
  if (doc.featuring === 'paid' && !doc.featured && doc.paymentOutcomes.length === 0)
    return 'Pending' as const;
  return statusOn({ ...doc, status: 'Open' }, todayOf(ctx));
}
