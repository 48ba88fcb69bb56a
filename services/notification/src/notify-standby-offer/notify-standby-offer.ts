import { notificationKeys } from '@moba/contracts';
import {
  createNotifications,
  type CreateNotificationsContext,
} from '../create-notification/create-notification';
import { queueSms } from '../sms/queue-sms';
import type { SmsReactionContext } from '../sms/sms-reactions';

/** The moba's own page, where the worker takes the place (issue #31 point 1). */
export const mobaPath = (vacancyId: string) => `/moba/${vacancyId}`;

/**
 * Freed places on a moba the workers applied to: each offered worker gets a notification (in the
 * app, pushed live) and, when they use SMS, an SMS with the moba page's link. Ids are derived from
 * the event and the worker, so a redelivery notifies and texts no one twice.
 */
export async function notifyStandbyOffered(
  ctx: CreateNotificationsContext & { sms: SmsReactionContext; publicUrl?: string },
  eventId: string,
  offer: {
    offerId: string;
    vacancyId: string;
    title: string;
    freePositions: number;
    offers: { workerId: string }[];
  },
) {
  const workers = [...new Set(offer.offers.map((o) => o.workerId))];
  await createNotifications(
    ctx,
    workers.map((workerId) => ({
      userId: workerId,
      key: notificationKeys.standbyOffered,
      params: { vacancyId: offer.vacancyId, vacancyTitle: offer.title, freePositions: offer.freePositions },
    })),
    eventId,
  );
  const link = `${(ctx.publicUrl ?? '').replace(/\/$/, '')}${mobaPath(offer.vacancyId)}`;
  for (const workerId of workers)
    await queueSms(ctx.sms, {
      id: `standby:${offer.offerId}:${workerId}`,
      recipientId: workerId,
      kind: 'standbyOffered',
      facts: { title: offer.title, link },
    });
}
