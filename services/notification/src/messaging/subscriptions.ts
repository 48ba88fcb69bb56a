import { topics, type EventEnvelope } from '@moba/contracts';
import { idempotentHandler, type EventBus, type DocumentStore } from '@moba/platform';
import type { z } from 'zod';
import type { CreateNotificationsContext } from '../create-notification/create-notification';
import type { LiveChannel } from '../live/live-channel';
import type { Mailer } from '../mail/mailer';
import {
  notifyApplicationAccepted,
  notifyApplicationRejected,
  notifyApplicationsClosed,
} from '../notify-application-outcome/notify-application-outcome';
import {
  notifyVacancyDeleted,
  notifyVacancyStatusChanged,
  rememberVacancy,
} from '../notify-vacancy-change/notify-vacancy-change';
import { notifyFeaturingPayment } from '../notify-featuring-payment/notify-featuring-payment';
import { sendAccountMail } from '../send-account-mail/send-account-mail';
import {
  banUser,
  reactivateUser,
  rememberUserRole,
  revokeOlderTokens,
} from '../track-user-state/track-user-state';
import * as events from './consumed-events';

export const CONSUMER_GROUP = 'notification';

export interface MessagingContext extends CreateNotificationsContext {
  bus: EventBus;
  documentStore: DocumentStore;
  live: LiveChannel;
  mailer: Mailer;
}

type Handlers = Record<string, (event: EventEnvelope) => Promise<unknown>>;

/** Reads the fields this service needs; a malformed event throws (retried, then dead-lettered). */
const read = <T extends z.ZodType>(definition: { data: T }, event: EventEnvelope): z.infer<T> =>
  definition.data.parse(event.data);

/** Thin handlers: parse the fields, call the use case. One idempotent consumer per topic. */
export async function subscribeToEvents(ctx: MessagingContext) {
  const byTopic: Record<string, Handlers> = {
    [topics.auth]: {
      [events.UserRegistered.type]: async (e) => {
        const data = read(events.UserRegistered, e);
        await rememberUserRole(ctx.store, data.userId, data.role);
      },
      [events.EmailVerificationRequested.type]: (e) =>
        sendAccountMail(ctx.mailer, 'verifyEmail', read(events.EmailVerificationRequested, e)),
      [events.PasswordResetRequested.type]: (e) =>
        sendAccountMail(ctx.mailer, 'resetPassword', read(events.PasswordResetRequested, e)),
      [events.UserBanned.type]: async (e) => {
        const data = read(events.UserBanned, e);
        await banUser(ctx.store, ctx.live, data.userId, data.tokenVersion);
      },
      [events.UserReactivated.type]: async (e) => {
        const data = read(events.UserReactivated, e);
        await reactivateUser(ctx.store, data.userId, data.tokenVersion);
      },
      [events.PasswordChanged.type]: async (e) => {
        const data = read(events.PasswordChanged, e);
        await revokeOlderTokens(ctx.store, ctx.live, data.userId, data.tokenVersion);
      },
    },
    [topics.vacancy]: {
      [events.VacancyCreated.type]: (e) => rememberVacancy(ctx, read(events.VacancyCreated, e)),
      [events.VacancyDeleted.type]: (e) => notifyVacancyDeleted(ctx, e.id, read(events.VacancyDeleted, e)),
      [events.VacancyStatusChanged.type]: (e) =>
        notifyVacancyStatusChanged(ctx, e.id, read(events.VacancyStatusChanged, e)),
    },
    [topics.application]: {
      [events.ApplicationAccepted.type]: (e) =>
        notifyApplicationAccepted(ctx, e.id, read(events.ApplicationAccepted, e)),
      [events.ApplicationRejected.type]: (e) =>
        notifyApplicationRejected(ctx, e.id, read(events.ApplicationRejected, e)),
      [events.ApplicationsClosed.type]: (e) =>
        notifyApplicationsClosed(ctx, e.id, read(events.ApplicationsClosed, e)),
    },
    [topics.payment]: {
      [events.PaymentSucceeded.type]: (e) =>
        notifyFeaturingPayment(ctx, e.id, 'Succeeded', read(events.PaymentSucceeded, e)),
      [events.PaymentFailed.type]: (e) =>
        notifyFeaturingPayment(ctx, e.id, 'Failed', read(events.PaymentFailed, e)),
      [events.PaymentCancelled.type]: (e) =>
        notifyFeaturingPayment(ctx, e.id, 'Cancelled', read(events.PaymentCancelled, e)),
    },
  };

  for (const [topic, handlers] of Object.entries(byTopic)) {
    const handler = await idempotentHandler(
      ctx.documentStore,
      `${CONSUMER_GROUP}:${topic}`,
      async (event) => {
        await handlers[event.type]?.(event);
      },
    );
    await ctx.bus.subscribe(topic, CONSUMER_GROUP, handler);
  }
}
