import { insertIfNew, type Clock, type Collection, type OutboxRelay } from '@moba/platform';
import type { SmsReplyDoc } from './sms-reply-doc';
import type { SmsStore } from './sms-store';
import { smsText, type SmsFacts, type SmsOutboxKind } from './sms-messages';
import { whyPhoneMayNotGetSms } from './phone-consent';
import type { Language } from '@moba/contracts';

export interface SmsContext {
  sms: SmsStore;
  clock: Clock;
  /** Asks the dispatcher to look at the outbox now (it also runs on its timer). */
  kick?: () => void;
  /** Where recognised DA / NE replies go out as SmsConfirmationReceived (inbound routes only). */
  confirmationReplies?: { replies: Collection<SmsReplyDoc>; relay: OutboxRelay };
  /** The product's public address: texts about a moba link to its page there. */
  publicUrl?: string;
  /** A reply STOP POSAO from this phone: its job alerts stop, other SMS go on (inbound routes only). */
  stopJobAlerts?: (phone: string) => Promise<unknown>;
}

function textOf(
  message: { kind: SmsOutboxKind; facts?: SmsFacts; text?: (language: Language) => string },
  language: Language,
  publicUrl: string | undefined,
): string {
  if (message.text) return message.text(language);
  if (message.kind === 'broadcast') throw new Error('a broadcast SMS is queued with its text');
  return smsText(message.kind, message.facts ?? {}, language, publicUrl);
}

/**
 * Puts one SMS in the outbox for a recipient who wants SMS. Only a local write: the sending (with its
 * retries) happens later in the dispatcher, so a provider outage never holds up the event that caused
 * the message. The id makes a repeat write a no-op. A message to a phone that may not get SMS (no
 * START from it, or a STOP) is written as skipped with the reason, so the refusal is on record.
 */
export async function queueSms(
  ctx: SmsContext,
  message: {
    id: string;
    recipientId: string;
    kind: SmsOutboxKind;
    facts?: SmsFacts;
    /** The text in the recipient's language, for kinds not written from `facts` (a broadcast). */
    text?: (language: Language) => string;
    /** Not sent before this instant (a job alert found in quiet hours waits for the morning). */
    notBefore?: Date;
  },
): Promise<boolean> {
  const recipient = await ctx.sms.recipients.findOne({ _id: message.recipientId });
  if (!recipient?.enabled || !recipient.phone) return false;
  const notAllowed = await whyPhoneMayNotGetSms(ctx.sms, recipient.phone);
  const now = ctx.clock.now().toISOString();
  const queued = await insertIfNew(ctx.sms.outbox, {
    _id: message.id,
    recipientId: recipient._id,
    phone: recipient.phone,
    kind: message.kind,
    text: textOf(message, recipient.language, ctx.publicUrl),
    attempts: 0,
    nextAttemptAt: message.notBefore?.toISOString() ?? now,
    createdAt: now,
    ...(notAllowed ? { status: 'skipped', lastError: notAllowed } : { status: 'pending' }),
  });
  if (!queued || notAllowed) return false;
  ctx.kick?.();
  return true;
}
