import type { SmsSettings, UpdateSmsSettings } from '@moba/contracts';
import { guestPhoneSchema } from '@moba/contracts';
import type { SmsContext } from './queue-sms';
import { NOT_PROVEN, STOPPED } from './phone-consent';
import { GUEST_PREFIX } from './sms-reactions';
import { receiveConfirmationReply } from './confirmation-replies';
import { isJobAlertStop } from '../domain/job-alert-stop-reply';

export async function readSmsSettings(ctx: SmsContext, userId: string): Promise<SmsSettings> {
  const recipient = await ctx.sms.recipients.findOne({ _id: userId });
  const phone = recipient?.phone ?? null;
  const stopped = phone ? await ctx.sms.stops.findOne({ _id: phone }) : null;
  const proven = phone ? await ctx.sms.provenPhones.findOne({ _id: phone }) : null;
  return {
    enabled: Boolean(recipient?.enabled) && !stopped,
    language: recipient?.language ?? 'sr',
    phone,
    stoppedByReply: Boolean(stopped),
    phoneProven: Boolean(proven),
  };
}

/**
 * The worker's profile switch: on opts in, off opts out. It never lifts a STOP and never proves the
 * phone: only a START from the phone itself does, so an account cannot turn SMS on for a number whose
 * owner said STOP (or never asked).
 */
export async function updateSmsSettings(
  ctx: SmsContext,
  userId: string,
  change: UpdateSmsSettings,
): Promise<SmsSettings> {
  const current = await ctx.sms.recipients.findOne({ _id: userId });
  await ctx.sms.recipients.updateOne(
    { _id: userId },
    {
      $set: {
        phone: current?.phone ?? null,
        enabled: change.enabled ?? current?.enabled ?? false,
        language: change.language ?? current?.language ?? 'sr',
      },
    },
    { upsert: true },
  );
  return readSmsSettings(ctx, userId);
}

const STOP_WORDS = new Set(['stop', 'стоп', 'stopp', 'odjava', 'одјава']);
const START_WORDS = new Set(['start', 'старт', 'moba', 'моба']);

/** A phone as the provider gives it ("381641234567", "+381…", "064…") in E.164, or null. */
export function replyPhone(from: string): string | null {
  const digits = from.replace(/[^\d+]/g, '');
  const parsed = guestPhoneSchema.safeParse(
    digits.startsWith('+') || digits.startsWith('0') ? digits : `+${digits}`,
  );
  return parsed.success ? parsed.data : null;
}

/**
 * A message from a phone (the provider's inbound forwarding, or the dev page). STOP (or СТОП, ODJAVA)
 * ends every SMS to it at once: recipients with that phone are switched off, pending messages to it
 * are dropped. START (СТАРТ, MOBA) proves the phone is its sender's and asks for SMS: it lifts a STOP,
 * switches guests with that phone back on (a worker's own switch stays as the worker left it) and lets
 * the messages held back for want of it in the last day go.
 * DA / NE (any script, see domain/confirmation-reply) from a worker's phone answers their open
 * confirmation request (SmsConfirmationReceived). Other texts are ignored.
 */
export async function receiveSmsReply(
  ctx: SmsContext,
  reply: { from: string; text: string; messageId?: string },
) {
  const phone = replyPhone(reply.from);
  const word = reply.text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (phone && ctx.stopJobAlerts && isJobAlertStop(reply.text)) {
    await ctx.stopJobAlerts(phone);
    return { stopped: false, started: false, jobAlertsStopped: true };
  }
  if (phone && START_WORDS.has(word)) {
    await startSms(ctx, phone);
    return { stopped: false, started: true };
  }
  if (phone && !STOP_WORDS.has(word) && ctx.confirmationReplies) {
    const confirmed = await receiveConfirmationReply(
      { sms: ctx.sms, clock: ctx.clock, ...ctx.confirmationReplies },
      { phone, text: reply.text, ...(reply.messageId ? { messageId: reply.messageId } : {}) },
    );
    // `confirmed` only here: a START or STOP answers as it always did.
    return { stopped: false, started: false, confirmed };
  }
  if (!phone || !STOP_WORDS.has(word)) return { stopped: false, started: false };
  await ctx.sms.stops.updateOne(
    { _id: phone },
    { $set: { stoppedAt: ctx.clock.now().toISOString() } },
    { upsert: true },
  );
  await ctx.sms.recipients.updateMany({ phone }, { $set: { enabled: false } });
  await ctx.sms.outbox.updateMany(
    { phone, status: 'pending' },
    { $set: { status: 'skipped', lastError: STOPPED } },
  );
  return { stopped: true, started: false };
}

/** Messages held back for want of a START at most this long ago still go when it comes. */
const HELD_FOR_START_MS = 24 * 3_600_000;

async function startSms(ctx: SmsContext, phone: string) {
  const now = ctx.clock.now();
  await ctx.sms.provenPhones.updateOne(
    { _id: phone },
    { $set: { provenAt: now.toISOString() } },
    { upsert: true },
  );
  await ctx.sms.stops.deleteOne({ _id: phone });
  for (const recipient of await ctx.sms.recipients.find({ phone }))
    if (recipient._id.startsWith(GUEST_PREFIX))
      await ctx.sms.recipients.updateOne({ _id: recipient._id }, { $set: { enabled: true } });
  // e.g. the guest's "application received", written when the form was sent a minute ago
  const released = await ctx.sms.outbox.updateMany(
    {
      phone,
      status: 'skipped',
      lastError: NOT_PROVEN,
      createdAt: { $gt: new Date(now.getTime() - HELD_FOR_START_MS).toISOString() },
    },
    { $set: { status: 'pending', nextAttemptAt: now.toISOString() }, $unset: { lastError: '' } },
  );
  if (released > 0) ctx.kick?.();
}
