import { topics, type EventEnvelope } from '@moba/contracts';
import { idempotentBatchHandler, type EventBus, type DocumentStore } from '@moba/platform';
import type { z } from 'zod';
import type { CreateNotificationsContext } from '../create-notification/create-notification';
import type { LiveChannel } from '../live/live-channel';
import type { Mailer } from '../mail/mailer';
import {
  notifyApplicationAccepted,
  notifyApplicationsClosed,
  rejectionNotice,
} from '../notify-application-outcome/notify-application-outcome';
import {
  batchedReaction,
  notifyInBatches,
  batchFactsPrefetch,
  type BatchedReaction,
  type BatchFacts,
} from '../notify-in-batches/notify-in-batches';
import {
  notifyListingReview,
  notifyVacancyDeleted,
  notifyVacancyStatusChanged,
  rememberVacancy,
} from '../notify-vacancy-change/notify-vacancy-change';
import { notifyFeaturingPayment } from '../notify-featuring-payment/notify-featuring-payment';
import { notifyCrewInvitation } from '../notify-crew-invitation/notify-crew-invitation';
import { notifyStandbyOffered } from '../notify-standby-offer/notify-standby-offer';
import { PlacesReleased, StandbyOffered } from './standby-events';
import { forgetReleasedPlace } from '../notify-standby-offer/place-released';
import { notifyConfirmationRequested } from '../notify-confirmation/notify-confirmation';
import { rememberMeeting } from '../remember-meeting/remember-meeting';
import { subscribeToMailCommands } from './mail-commands';
import { deliverBroadcast } from '../deliver-broadcast/deliver-broadcast';
import {
  banUser,
  endSession,
  reactivateUser,
  rememberUserRole,
  revokeOlderTokens,
} from '../track-user-state/track-user-state';
import * as events from './consumed-events';
import type { SmsContext } from '../sms/queue-sms';
import {
  guestRecipientId,
  rememberWorkerPhone,
  smsApplicationAccepted,
  smsApplicationRejected,
  smsGuestApplicationReceived,
  smsVacancyDeleted,
} from '../sms/sms-reactions';

export const CONSUMER_GROUP = 'notification';

export interface MessagingContext extends CreateNotificationsContext {
  bus: EventBus;
  documentStore: DocumentStore;
  live: LiveChannel;
  mailer: Mailer;
  sms: SmsContext;
  /** The product's public address, for links in SMS. */
  publicUrl?: string;
}

type Handlers = Record<string, (event: EventEnvelope) => Promise<unknown>>;

/** Reads the fields this service needs; a malformed event throws (retried, then dead-lettered). */
const read = <T extends z.ZodType>(definition: { data: T }, event: EventEnvelope): z.infer<T> =>
  definition.data.parse(event.data);

/** Thin handlers: parse the fields, call the use case. One idempotent consumer per topic. */
export async function subscribeToEvents(ctx: MessagingContext) {
  const sms = { ...ctx.sms, store: ctx.store };
  const byTopic: Record<string, Handlers> = {
    [topics.auth]: {
      [events.UserRegistered.type]: async (e) => {
        const data = read(events.UserRegistered, e);
        await rememberUserRole(ctx.store, data.userId, data.role);
        if (data.role === 'Worker' && data.phone)
          await rememberWorkerPhone(sms, { ...data, phone: data.phone });
      },
      [events.ProfileUpdated.type]: async (e) => {
        const data = read(events.ProfileUpdated, e);
        if (data.role === 'Worker') await rememberWorkerPhone(sms, data);
      },
      [events.UserBanned.type]: async (e) => {
        const data = read(events.UserBanned, e);
        await banUser(ctx.store, ctx.live, data.userId, data.tokenVersion);
      },
      [events.UserReactivated.type]: async (e) => {
        const data = read(events.UserReactivated, e);
        await reactivateUser(ctx.store, data.userId, data.tokenVersion);
      },
      [events.AllSessionsEnded.type]: async (e) => {
        const data = read(events.AllSessionsEnded, e);
        await revokeOlderTokens(ctx.store, ctx.live, data.userId, data.tokenVersion);
      },
      [events.SessionEnded.type]: async (e) => {
        const data = read(events.SessionEnded, e);
        await endSession(ctx.store, ctx.live, data.userId, data.sessionId, data.until);
      },
      [events.PasswordChanged.type]: async (e) => {
        const data = read(events.PasswordChanged, e);
        await revokeOlderTokens(ctx.store, ctx.live, data.userId, data.tokenVersion);
      },
    },
    [topics.vacancy]: {
      [events.VacancyCreated.type]: (e) => rememberVacancy(ctx, read(events.VacancyCreated, e)),
      [events.VacancyDayOfWorkSet.type]: (e) =>
        rememberMeeting(ctx.store, read(events.VacancyDayOfWorkSet, e)),
      [events.VacancyDeleted.type]: async (e) => {
        const data = read(events.VacancyDeleted, e);
        await notifyVacancyDeleted(ctx, e.id, data);
        await smsVacancyDeleted(sms, data);
      },
      [events.VacancyStatusChanged.type]: (e) =>
        notifyVacancyStatusChanged(ctx, e.id, read(events.VacancyStatusChanged, e)),
      [events.VacancyReviewChanged.type]: (e) =>
        notifyListingReview(ctx, e.id, read(events.VacancyReviewChanged, e)),
    },
    [topics.application]: {
      [events.ApplicationAccepted.type]: async (e) => {
        const data = read(events.ApplicationAccepted, e);
        await notifyApplicationAccepted(ctx, e.id, data);
        if (data.workerId) await smsApplicationAccepted(sms, { ...data, recipientId: data.workerId });
      },
      [events.GuestApplicationSubmitted.type]: (e) =>
        smsGuestApplicationReceived(sms, read(events.GuestApplicationSubmitted, e)),
      [events.GuestApplicationAccepted.type]: (e) => {
        const data = read(events.GuestApplicationAccepted, e);
        return smsApplicationAccepted(sms, {
          ...data,
          recipientId: guestRecipientId(data.guestApplicationId),
        });
      },
      [events.ApplicationsClosed.type]: (e) =>
        notifyApplicationsClosed(ctx, e.id, read(events.ApplicationsClosed, e)),
      [events.CrewInvitationSent.type]: (e) =>
        notifyCrewInvitation(ctx, e.id, read(events.CrewInvitationSent, e)),
      [StandbyOffered.type]: (e) => notifyStandbyOffered({ ...ctx, sms }, e.id, read(StandbyOffered, e)),
      [PlacesReleased.type]: (e) => forgetReleasedPlace({ store: ctx.store, sms }, read(PlacesReleased, e)),
      [events.ConfirmationRequested.type]: (e) =>
        notifyConfirmationRequested({ ...ctx, sms }, read(events.ConfirmationRequested, e)),
      [events.BroadcastSent.type]: (e) => deliverBroadcast({ ...ctx, sms }, read(events.BroadcastSent, e)),
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

  /** Drafted from the event and the batch's facts, stored with the batch in one write. */
  const batched: Record<string, Record<string, BatchedReaction<unknown>>> = {
    [topics.application]: {
      [events.ApplicationRejected.type]: batchedReaction({
        read: (e) => read(events.ApplicationRejected, e),
        needs: (data) => ({
          ...(data.vacancyTitle === undefined ? { titleOf: data.vacancyId } : {}),
          smsFor: data.workerId,
        }),
        react: async (data, facts) => {
          const title = data.vacancyTitle ?? facts.titles.get(data.vacancyId);
          if (facts.smsRecipients.has(data.workerId)) await smsApplicationRejected(sms, { ...data, title });
          return [rejectionNotice({ ...data, vacancyTitle: title })];
        },
      }),
    },
  };

  for (const [topic, handlers] of Object.entries(byTopic)) {
    const reactions = batched[topic] ?? {};
    const handler = await idempotentBatchHandler(
      ctx.documentStore,
      `${CONSUMER_GROUP}:${topic}`,
      (batch, facts: BatchFacts) =>
        notifyInBatches(ctx, batch, reactions, async (event) => handlers[event.type]?.(event), facts),
      {
        handles: (event) => Object.hasOwn(handlers, event.type) || Object.hasOwn(reactions, event.type),
        prefetch: batchFactsPrefetch(ctx, reactions),
      },
    );
    await ctx.bus.subscribeBatch(topic, CONSUMER_GROUP, handler);
  }
  await subscribeToMailCommands(ctx, CONSUMER_GROUP);
}
