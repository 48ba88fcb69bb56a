import { districtOf, type EventEnvelope } from '@moba/contracts';
import { insertIfNew } from '@moba/platform';
import type { AppContext } from '../context';
import type { VacancyCreatedData } from '../messaging/foreign-events';
import type { VacancyDoc, VacancyState } from '../store';
import { vacancyTransitionDelta } from '../domain/stats';
import { applyStatsDelta } from '../stats/stats';
import { closeApplications, closePendingApplications } from '../close-applications/close-applications';

type Transition = { before: VacancyState | null; after: VacancyState };

/**
 * A new vacancy: the replica starts with all positions free. Insert-only, so a redelivered
 * VacancyCreated never resets the capacity this service has been writing since.
 */
export async function recordVacancyCreated(ctx: AppContext, event: EventEnvelope<VacancyCreatedData>) {
  const v = event.data;
  const after: VacancyState = { status: v.status, deleted: false };
  const inserted = await insertIfNew(ctx.store.vacancies, {
    _id: v.vacancyId,
    estateId: v.estateId,
    estateName: v.estateName,
    title: v.title,
    municipality: v.municipality,
    district: v.district ?? districtOf(v.municipality) ?? null,
    crops: v.crops ?? [],
    startDate: v.startDate,
    endDate: v.endDate,
    status: v.status,
    deleted: false,
    totalPositions: v.totalPositions,
    freePositions: v.totalPositions,
    groupLeadersAccepted: v.groupLeadersAccepted,
    featured: v.featured,
    createdAt: v.createdAt ?? event.occurredAt,
    createdEventId: event.id,
    claims: {},
    transitions: { [event.id]: { before: null, after } },
  });
  const transition: Transition | undefined = inserted
    ? { before: null, after }
    : (await ctx.store.vacancies.findOne({ _id: v.vacancyId }))?.transitions?.[event.id];
  if (transition)
    await applyStatsDelta(ctx.store, event.id, vacancyTransitionDelta(transition.before, transition.after));
}

/**
 * Status moves (Open, Closed, Finished…). Finished closes the pending applications; Closed closes
 * those submitted after the vacancy closed, which only a lagging replica can have let in.
 */
export async function recordVacancyStatusChanged(
  ctx: AppContext,
  event: EventEnvelope<{ vacancyId: string; to: VacancyDoc['status'] }>,
) {
  const transition = await transitionVacancy(ctx, event.data.vacancyId, event.id, (doc) =>
    doc.deleted ? {} : { status: event.data.to },
  );
  if (!transition) return;
  await applyStatsDelta(ctx.store, event.id, vacancyTransitionDelta(transition.before, transition.after));
  if (transition.after.deleted) return;
  if (transition.after.status === 'Finished')
    await closePendingApplications(ctx, event.data.vacancyId, event.id);
  if (transition.after.status === 'Closed' && transition.before?.status !== 'Closed')
    await closeApplications(ctx, event.data.vacancyId, event.id, {
      reason: 'VacancyNotOpen',
      submittedSince: event.occurredAt,
    });
}

/** A deleted vacancy stays as a tombstone (applications still name it) and closes its pending and accepted applications. */
export async function recordVacancyDeleted(ctx: AppContext, event: EventEnvelope<{ vacancyId: string }>) {
  const transition = await transitionVacancy(ctx, event.data.vacancyId, event.id, () => ({ deleted: true }));
  if (!transition) return;
  await applyStatsDelta(ctx.store, event.id, vacancyTransitionDelta(transition.before, transition.after));
  await closeApplications(ctx, event.data.vacancyId, event.id, { accepted: true, reason: 'VacancyDeleted' });
}

export async function recordVacancyFeatured(
  ctx: AppContext,
  event: EventEnvelope<{ vacancyId: string; featured: boolean }>,
) {
  await ctx.store.vacancies.updateOne(
    { _id: event.data.vacancyId },
    { $set: { featured: event.data.featured } },
  );
}

/**
 * A moba held for review (at creation, or hidden by reports) takes no applications and no
 * acceptances until an admin approves it; a rejected one stays held (it is closed as well). The
 * latest change by `occurredAt` wins, so a late redelivery of an older one changes nothing.
 */
export async function recordVacancyReviewChanged(
  ctx: AppContext,
  event: EventEnvelope<{ vacancyId: string; state: 'held' | 'hidden' | 'approved' | 'rejected' }>,
) {
  const { vacancyId, state } = event.data;
  const matched = await ctx.store.vacancies.updateOne(
    {
      _id: vacancyId,
      $or: [{ reviewChangedAt: { $exists: false } }, { reviewChangedAt: { $lte: event.occurredAt } }],
    },
    { $set: { held: state !== 'approved', reviewChangedAt: event.occurredAt } },
  );
  if (matched === 0 && !(await ctx.store.vacancies.findOne({ _id: vacancyId })))
    ctx.logger.warn({ vacancyId, eventId: event.id }, 'review change of an unknown vacancy; ignored');
}

/**
 * Changes a vacancy's state once per event: compare-and-set on the state it read, recording
 * before/after under the event id. A redelivery finds the record and answers the same transition.
 */
async function transitionVacancy(
  ctx: AppContext,
  vacancyId: string,
  eventId: string,
  change: (doc: VacancyDoc) => Partial<VacancyState>,
): Promise<Transition | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const doc = await ctx.store.vacancies.findOne({ _id: vacancyId });
    if (!doc) {
      ctx.logger.warn({ vacancyId, eventId }, 'vacancy event for an unknown vacancy; ignored');
      return null;
    }
    const recorded = doc.transitions?.[eventId];
    if (recorded) return recorded;
    const before: VacancyState = { status: doc.status, deleted: doc.deleted };
    const after: VacancyState = { ...before, ...change(doc) };
    const key = `transitions.${eventId}`;
    const matched = await ctx.store.vacancies.updateOne(
      { _id: vacancyId, status: before.status, deleted: before.deleted, [key]: { $exists: false } },
      { $set: { status: after.status, deleted: after.deleted, [key]: { before, after } } },
    );
    if (matched === 1) return { before, after };
  }
  throw new Error(`vacancy ${vacancyId} kept changing; event ${eventId} will be retried`);
}
