import { insertIfNew } from '@moba/platform';
import type { Language } from '@moba/contracts';
import type { NotificationStore } from '../store';
import { queueSms, type SmsContext } from './queue-sms';
import { meetingOnFirstDay } from '../vacancy-replica';

/** What the SMS reactions read besides the SMS store: the vacancy replica (title, start date). */
export interface SmsReactionContext extends SmsContext {
  store: NotificationStore;
}

export const GUEST_PREFIX = 'guest:';
export const guestRecipientId = (guestApplicationId: string) => `${GUEST_PREFIX}${guestApplicationId}`;

/** A worker's phone from UserRegistered / ProfileUpdated; SMS stay off until the worker opts in. */
export async function rememberWorkerPhone(
  ctx: SmsContext,
  facts: { userId: string; phone: string; language?: Language },
) {
  if ((await ctx.sms.recipients.updateOne({ _id: facts.userId }, { $set: { phone: facts.phone } })) > 0)
    return;
  const inserted = await insertIfNew(ctx.sms.recipients, {
    _id: facts.userId,
    phone: facts.phone,
    enabled: false,
    // Latin without diacritics (one 160-character SMS) unless the worker reads English; Cyrillic
    // costs two SMS a message, so only the worker picks it.
    language: facts.language === 'en' ? 'en' : 'sr',
  });
  if (!inserted) await ctx.sms.recipients.updateOne({ _id: facts.userId }, { $set: { phone: facts.phone } });
}

/**
 * A guest opts in by applying. "Application received" goes only if the phone is proven (a START came
 * from it); a public form must not be able to make Moba text any number typed into it.
 */
export async function smsGuestApplicationReceived(
  ctx: SmsContext,
  facts: { guestApplicationId: string; phone: string },
) {
  const recipientId = guestRecipientId(facts.guestApplicationId);
  await ctx.sms.recipients.updateOne(
    { _id: recipientId },
    { $set: { phone: facts.phone, enabled: true, language: 'sr' } },
    { upsert: true },
  );
  await queueSms(ctx, {
    id: `guestReceived:${facts.guestApplicationId}`,
    recipientId,
    kind: 'guestReceived',
  });
}

/** An accepted application (a worker's, or a guest placed by an admin): SMS now, reminder later. */
export async function smsApplicationAccepted(
  ctx: SmsReactionContext,
  facts: { applicationId: string; vacancyId: string; recipientId: string },
) {
  const vacancy = await ctx.store.vacancies.findOne({ _id: facts.vacancyId });
  const moba = {
    title: vacancy?.title,
    startDate: typeof vacancy?.startDate === 'string' ? vacancy.startDate : undefined,
  };
  await ctx.sms.placements.updateOne(
    { _id: facts.applicationId },
    {
      $set: {
        vacancyId: facts.vacancyId,
        recipientId: facts.recipientId,
        ...(moba.title ? { title: moba.title } : {}),
        ...(moba.startDate ? { startDate: moba.startDate } : {}),
      },
    },
    { upsert: true },
  );
  const meeting = meetingOnFirstDay(vacancy);
  await queueSms(ctx, {
    id: `accepted:${facts.applicationId}`,
    recipientId: facts.recipientId,
    kind: 'accepted',
    facts: { ...moba, vacancyId: facts.vacancyId, ...(meeting ? { meeting } : {}) },
  });
}

export async function smsApplicationRejected(
  ctx: SmsContext,
  facts: { applicationId: string; workerId: string; title?: string },
) {
  await queueSms(ctx, {
    id: `rejected:${facts.applicationId}`,
    recipientId: facts.workerId,
    kind: 'rejected',
    facts: { title: facts.title },
  });
}

/** A deleted moba tells everyone accepted for it (workers and guests) and cancels their reminders. */
export async function smsVacancyDeleted(
  ctx: SmsReactionContext,
  facts: { vacancyId: string; title?: string },
) {
  const placements = await ctx.sms.placements.find({ vacancyId: facts.vacancyId });
  for (const placement of placements) {
    await ctx.sms.placements.updateOne({ _id: placement._id }, { $set: { cancelled: true } });
    await queueSms(ctx, {
      id: `vacancyDeleted:${placement._id}`,
      recipientId: placement.recipientId,
      kind: 'vacancyDeleted',
      facts: { title: facts.title ?? placement.title },
    });
  }
}
