import type { SmsSettings, UpdateSmsSettings } from '@moba/contracts';
import { guestPhoneSchema } from '@moba/contracts';
import type { SmsContext } from './queue-sms';

export async function readSmsSettings(ctx: SmsContext, userId: string): Promise<SmsSettings> {
  const recipient = await ctx.sms.recipients.findOne({ _id: userId });
  const stopped = recipient?.phone ? await ctx.sms.stops.findOne({ _id: recipient.phone }) : null;
  return {
    enabled: Boolean(recipient?.enabled) && !stopped,
    language: recipient?.language ?? 'sr',
    phone: recipient?.phone ?? null,
    stoppedByReply: Boolean(stopped),
  };
}

/** The worker's profile switch: on opts in (and lifts an earlier STOP of the phone), off opts out. */
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
  if (change.enabled === true && current?.phone) await ctx.sms.stops.deleteOne({ _id: current.phone });
  return readSmsSettings(ctx, userId);
}

const STOP_WORDS = new Set(['stop', 'стоп', 'stopp', 'odjava', 'одјава']);

/** A phone as the provider gives it ("381641234567", "+381…", "064…") in E.164, or null. */
export function replyPhone(from: string): string | null {
  const digits = from.replace(/[^\d+]/g, '');
  const parsed = guestPhoneSchema.safeParse(
    digits.startsWith('+') || digits.startsWith('0') ? digits : `+${digits}`,
  );
  return parsed.success ? parsed.data : null;
}

/**
 * A reply from a phone: STOP (or СТОП, ODJAVA) ends every SMS to it at once: recipients with that
 * phone are switched off, pending messages to it are dropped. Other replies are ignored.
 */
export async function receiveSmsReply(ctx: SmsContext, reply: { from: string; text: string }) {
  const phone = replyPhone(reply.from);
  const word = reply.text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!phone || !STOP_WORDS.has(word)) return { stopped: false };
  await ctx.sms.stops.updateOne(
    { _id: phone },
    { $set: { stoppedAt: ctx.clock.now().toISOString() } },
    { upsert: true },
  );
  await ctx.sms.recipients.updateMany({ phone }, { $set: { enabled: false } });
  await ctx.sms.outbox.updateMany(
    { phone, status: 'pending' },
    { $set: { status: 'skipped', lastError: 'the phone replied STOP' } },
  );
  return { stopped: true };
}
