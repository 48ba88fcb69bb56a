import { randomUUID } from 'node:crypto';
import { SmsConfirmationReceived, topics } from '@moba/contracts';
import {
  insertIfNew,
  withEvents,
  type Clock,
  type Collection,
  type DocumentStore,
  type OutboxRelay,
} from '@moba/platform';
import type { SmsReplyDoc } from './sms-reply-doc';
import { parseConfirmationReply } from '../domain/confirmation-reply';
import type { SmsStore } from './sms-store';
import { GUEST_PREFIX } from './sms-reactions';

export type { SmsReplyDoc } from './sms-reply-doc';

export const openSmsReplies = (store: DocumentStore) => store.collection<SmsReplyDoc>('sms_replies');

export interface ConfirmationRepliesContext {
  sms: SmsStore;
  clock: Clock;
  replies: Collection<SmsReplyDoc>;
  relay: OutboxRelay;
}

/**
 * A text from a phone that may answer a confirmation request. Recognised (DA / NE, see
 * domain/confirmation-reply) from a phone a worker registered with: SmsConfirmationReceived for that
 * worker; the application service applies it to their open request. Otherwise nothing.
 * `messageId` is the provider's (a reply without one, as from the dev page, gets a fresh one).
 */
export async function receiveConfirmationReply(
  ctx: ConfirmationRepliesContext,
  reply: { phone: string; text: string; messageId?: string },
): Promise<boolean> {
  const parsed = parseConfirmationReply(reply.text);
  if (!parsed) return false;
  const workers = (await ctx.sms.recipients.find({ phone: reply.phone })).filter(
    (r) => !r._id.startsWith(GUEST_PREFIX),
  );
  if (workers.length === 0) return false;
  const messageId = reply.messageId ?? randomUUID();
  const receivedAt = ctx.clock.now().toISOString();
  const events = workers.map((worker) => ({
    topic: topics.notification,
    event: SmsConfirmationReceived.create(
      worker._id,
      {
        messageId,
        workerId: worker._id,
        answer: parsed.answer,
        ...(parsed.heads ? { heads: parsed.heads } : {}),
        receivedAt,
      },
      { occurredAt: ctx.clock.now() },
    ),
  }));
  const stored = await insertIfNew(
    ctx.replies,
    withEvents(
      {
        _id: messageId,
        phone: reply.phone,
        workerIds: workers.map((w) => w._id),
        answer: parsed.answer,
        ...(parsed.heads ? { heads: parsed.heads } : {}),
        receivedAt,
      },
      events,
    ),
  );
  if (!stored) return false; // the provider delivered it again
  ctx.relay.kick();
  return true;
}
