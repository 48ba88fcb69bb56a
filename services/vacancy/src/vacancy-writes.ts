import { topics, VacancyFeatured, VacancyStatusChanged, type VacancyStatus } from '@moba/contracts';
import { pushEvents, type PendingEvent } from '@moba/platform';
import { statusOn, type VacancyDoc } from './domain/vacancy';
import { todayOf, type VacancyContext } from './context';

export const statusChangedEvent = (
  doc: VacancyDoc,
  to: VacancyStatus,
  reason: string,
  now: Date,
): PendingEvent => ({
  topic: topics.vacancy,
  event: VacancyStatusChanged.create(
    doc._id,
    { vacancyId: doc._id, estateId: doc.estateId, from: doc.status, to, title: doc.title, reason },
    { occurredAt: now },
  ),
});

/**
 * Moves a vacancy from the status it was read with to another, with its event, in one conditional
 * write: a concurrent or repeated run matches nothing and emits nothing (the job is idempotent).
 */
export async function transitionStatus(
  ctx: VacancyContext,
  doc: VacancyDoc,
  to: VacancyStatus,
  reason: string,
  extra: { set?: Record<string, unknown>; unset?: Record<string, true>; events?: PendingEvent[] } = {},
): Promise<boolean> {
  const now = ctx.clock.now();
  const events =
    doc.status === to
      ? (extra.events ?? [])
      : [statusChangedEvent(doc, to, reason, now), ...(extra.events ?? [])];
  const update: Record<string, unknown> = { $set: { status: to, ...extra.set } };
  if (extra.unset) update.$unset = extra.unset;
  const matched = await ctx.store.vacancies.updateOne(
    { _id: doc._id, status: doc.status, featured: doc.featured, deletedAt: { $exists: false } },
    events.length ? pushEvents(update, events) : update,
  );
  if (matched === 0) return false;
  if (events.length) ctx.relay.kick();
  await ctx.readModel.refresh(doc._id);
  ctx.logger.info({ vacancyId: doc._id, from: doc.status, to, reason }, 'vacancy status changed');
  return true;
}

/**
 * Ends a Pending featuring: featured or not, the vacancy takes the status its dates and positions
 * give (normally Open). Emits VacancyFeatured with the outcome and VacancyStatusChanged.
 */
export async function settlePending(
  ctx: VacancyContext,
  doc: VacancyDoc,
  featured: boolean,
  reason: string,
  extraSet: Record<string, unknown> = {},
) {
  const to = statusOn({ ...doc, status: 'Open' }, todayOf(ctx));
  return transitionStatus(ctx, doc, to, reason, {
    set: { featured, ...extraSet },
    unset: { pendingSince: true },
    events: [
      {
        topic: topics.vacancy,
        event: VacancyFeatured.create(
          doc._id,
          { vacancyId: doc._id, estateId: doc.estateId, featured, featuring: doc.featuring, reason },
          { occurredAt: ctx.clock.now() },
        ),
      },
    ],
  });
}
