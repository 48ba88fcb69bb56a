import { notificationKeys } from '@moba/contracts';
import {
  createNotifications,
  type CreateNotificationsContext,
  type NotificationDraft,
} from '../create-notification/create-notification';
import { vacancyParams } from '../vacancy-replica';

/** Keeps the vacancy's owner and title for later notifications. */
export async function rememberVacancy(
  ctx: CreateNotificationsContext,
  facts: { vacancyId: string; estateId: string; title?: string; startDate?: string },
) {
  await ctx.store.vacancies.updateOne(
    { _id: facts.vacancyId },
    {
      $set: {
        estateId: facts.estateId,
        ...(facts.title ? { title: facts.title } : {}),
        ...(facts.startDate ? { startDate: facts.startDate } : {}),
      },
    },
    { upsert: true },
  );
}

const acceptedWorkersOf = async (ctx: CreateNotificationsContext, vacancyId: string) =>
  (await ctx.store.vacancies.findOne({ _id: vacancyId }))?.acceptedWorkerIds ?? [];

/** A deleted vacancy tells each worker accepted for it. */
export async function notifyVacancyDeleted(
  ctx: CreateNotificationsContext,
  eventId: string,
  facts: { vacancyId: string; estateId: string; title?: string },
) {
  await rememberVacancy(ctx, facts);
  const params = await vacancyParams(ctx, facts.vacancyId);
  const workers = await acceptedWorkersOf(ctx, facts.vacancyId);
  return createNotifications(
    ctx,
    workers.map((userId) => ({ userId, key: notificationKeys.vacancyDeleted, params })),
    eventId,
  );
}

/**
 * A vacancy that became Finished asks each accepted worker to rate the estate and the estate to rate
 * its workers; the action button carries the vacancy id (the web's rating routes take it).
 */
export async function notifyVacancyStatusChanged(
  ctx: CreateNotificationsContext,
  eventId: string,
  facts: { vacancyId: string; estateId: string; to: string; title?: string },
) {
  if (facts.to !== 'Finished') return [];
  await rememberVacancy(ctx, facts);
  const params = await vacancyParams(ctx, facts.vacancyId);
  const workers = await acceptedWorkersOf(ctx, facts.vacancyId);
  const drafts: NotificationDraft[] = workers.map((userId) => ({
    userId,
    key: notificationKeys.rateEstate,
    params,
    actionButtonType: 'RateEstate',
    actionButtonParamIds: [facts.vacancyId],
  }));
  drafts.push({
    userId: facts.estateId,
    key: notificationKeys.rateWorkers,
    params,
    actionButtonType: 'RateWorkers',
    actionButtonParamIds: [facts.vacancyId],
  });
  return createNotifications(ctx, drafts, eventId);
}

const reviewKeys = {
  held: notificationKeys.listingHeld,
  hidden: notificationKeys.listingHidden,
  approved: notificationKeys.listingApproved,
  rejected: notificationKeys.listingRejected,
} as const;

/** The estate is told why its moba waits for an admin (held, hidden by reports) and what was decided. */
export async function notifyListingReview(
  ctx: CreateNotificationsContext,
  eventId: string,
  facts: {
    vacancyId: string;
    estateId: string;
    title: string;
    state: keyof typeof reviewKeys;
    note?: string;
  },
) {
  await rememberVacancy(ctx, facts);
  const params = {
    ...(await vacancyParams(ctx, facts.vacancyId)),
    ...(facts.note ? { note: facts.note } : {}),
  };
  return createNotifications(
    ctx,
    [{ userId: facts.estateId, key: reviewKeys[facts.state], params }],
    eventId,
  );
}
