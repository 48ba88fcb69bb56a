import { broadcastMessageOf, notificationKeys, type BroadcastMessage } from '@moba/contracts';
import { insertIfNew } from '@moba/platform';
import {
  createNotifications,
  type CreateNotificationsContext,
} from '../create-notification/create-notification';
import { derivedNotificationId } from '../domain/notification';
import { queueSms, type SmsContext } from '../sms/queue-sms';
import { broadcastSmsText } from '../sms/sms-messages';
import { broadcastDeliveryId, broadcastSmsId } from '../broadcast-deliveries';
import type { ParamValue } from '../store';

export interface BroadcastSentFacts extends BroadcastMessage {
  broadcastId: string;
  vacancyId: string;
  estateId: string;
  estateName: string;
  title: string;
  recipients: { workerId: string; applicationId: string; name?: string }[];
  sentAt: string;
}

export interface DeliverBroadcastContext extends CreateNotificationsContext {
  sms: SmsContext;
}

/**
 * Delivers an estate's broadcast to each recipient: a delivery record (queued), one notification in
 * the app (pushed live; id derived from broadcastId and worker), and an SMS for those who take SMS.
 * Every step is keyed by broadcastId and worker, so a redelivered event (or one retried after a crash
 * half way) creates nothing twice and completes what was missing.
 */
export async function deliverBroadcast(ctx: DeliverBroadcastContext, facts: BroadcastSentFacts) {
  const now = ctx.clock.now().toISOString();
  await insertIfNew(ctx.store.broadcasts, {
    _id: facts.broadcastId,
    vacancyId: facts.vacancyId,
    estateId: facts.estateId,
    ...broadcastMessageOf(facts),
    sentAt: facts.sentAt,
  });
  const params: Record<string, ParamValue> = {
    broadcastId: facts.broadcastId,
    vacancyId: facts.vacancyId,
    vacancyTitle: facts.title,
    estateName: facts.estateName,
    ...broadcastMessageOf(facts),
  };
  const seen = new Set<string>();
  for (const recipient of facts.recipients) {
    if (seen.has(recipient.workerId)) continue;
    seen.add(recipient.workerId);
    const _id = broadcastDeliveryId(facts.broadcastId, recipient.workerId);
    // the record first: the live push that follows finds it and marks it delivered
    await insertIfNew(ctx.store.broadcastDeliveries, {
      _id,
      broadcastId: facts.broadcastId,
      vacancyId: facts.vacancyId,
      workerId: recipient.workerId,
      name: recipient.name ?? '',
      notificationId: derivedNotificationId(
        facts.broadcastId,
        recipient.workerId,
        notificationKeys.broadcast,
      ),
      queuedAt: now,
    });
    await createNotifications(
      ctx,
      [{ userId: recipient.workerId, key: notificationKeys.broadcast, params }],
      facts.broadcastId,
    );
    const queued = await queueSms(ctx.sms, {
      id: broadcastSmsId(facts.broadcastId, recipient.workerId),
      recipientId: recipient.workerId,
      kind: 'broadcast',
      text: (language) => broadcastSmsText(facts, language),
    });
    // only if the dispatcher has not recorded its outcome meanwhile
    if (queued)
      await ctx.store.broadcastDeliveries.updateOne(
        { _id, sms: { $exists: false } },
        { $set: { sms: 'queued' } },
      );
  }
}
