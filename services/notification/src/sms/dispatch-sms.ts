import { randomUUID } from 'node:crypto';
import { createLease, smsSendAttempts, type Logger } from '@moba/platform';
import type { SmsContext } from './queue-sms';
import { SmsSendError, type SmsSender } from './sms-sender';
import type { SmsOutboxDoc } from './sms-store';
import { whyPhoneMayNotGetSms } from './phone-consent';
import { reserveDailySend, type SmsCaps } from './sms-budget';

export interface SmsDispatchPolicy {
  /** At most this many SMS to one phone per window; more wait for the window to pass. */
  perPhoneMax: number;
  perPhoneWindowMs: number;
  /** Retry after base, 2 × base, 4 × base … up to max; give up after maxAttempts. */
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** How long an instance holds a message it is sending before another may take it. */
  leaseMs: number;
  /** Daily caps: a message over one is refused (recorded as such), never sent later. */
  caps: SmsCaps;
}

export interface DispatchContext extends SmsContext {
  sender: SmsSender;
  policy: SmsDispatchPolicy;
  logger: Logger;
  /** Told each message's final outcome (a broadcast records it for the estate). */
  onSettled?: (doc: SmsOutboxDoc, status: 'sent' | 'failed' | 'refused' | 'skipped') => Promise<void>;
}

const BATCH = 50;

export const backoffMs = (policy: SmsDispatchPolicy, attempts: number) =>
  Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), policy.retryMaxMs);

/**
 * Sends the due SMS of the outbox, each taken under a lease (so two instances never send the same
 * one; an instance that dies mid-send leaves a lease that runs out, and the SMS is taken over). A phone that replied STOP meanwhile (or never sent START) is skipped; a phone over
 * its rate limit waits for its window; a message over a daily cap is refused; a retryable failure
 * waits with exponential backoff; a permanent one is recorded.
 */
export async function dispatchDueSms(
  ctx: DispatchContext,
): Promise<{ sent: number; failed: number; refused: number }> {
  const result = { sent: 0, failed: 0, refused: 0 };
  const now = ctx.clock.now();
  const lease = createLease({
    collection: ctx.sms.outbox,
    field: 'lease',
    holder: randomUUID(),
    ttlMs: ctx.policy.leaseMs,
    clock: ctx.clock,
  });
  const due = await ctx.sms.outbox.find(
    { status: 'pending', nextAttemptAt: { $lte: now.toISOString() }, ...lease.free() },
    { sort: { nextAttemptAt: 1 }, limit: BATCH },
  );
  for (const doc of due) {
    const taken = await lease.claim({ _id: doc._id, status: 'pending', nextAttemptAt: doc.nextAttemptAt });
    if (!taken) continue;
    const outcome = await sendOne(ctx, taken, now);
    await lease.release(taken._id);
    if (outcome === 'sent' || outcome === 'failed' || outcome === 'refused' || outcome === 'skipped')
      await ctx
        .onSettled?.(taken, outcome)
        .catch((err: unknown) =>
          ctx.logger.warn({ err, smsId: taken._id }, 'recording the SMS outcome failed'),
        );
    if (outcome === 'sent') result.sent++;
    if (outcome === 'failed') result.failed++;
    if (outcome === 'refused') result.refused++;
  }
  return result;
}

async function sendOne(ctx: DispatchContext, doc: SmsOutboxDoc, now: Date) {
  const set = (fields: Partial<SmsOutboxDoc>) => ctx.sms.outbox.updateOne({ _id: doc._id }, { $set: fields });

  const notAllowed = await whyPhoneMayNotGetSms(ctx.sms, doc.phone);
  if (notAllowed) {
    await set({ status: 'skipped', lastError: notAllowed });
    return 'skipped';
  }
  const windowStart = new Date(now.getTime() - ctx.policy.perPhoneWindowMs).toISOString();
  const recent = await ctx.sms.outbox.find(
    { phone: doc.phone, status: 'sent', sentAt: { $gt: windowStart } },
    { sort: { sentAt: 1 }, limit: ctx.policy.perPhoneMax },
  );
  if (recent.length >= ctx.policy.perPhoneMax) {
    const freeAt = Date.parse(recent[0]!.sentAt!) + ctx.policy.perPhoneWindowMs;
    await set({ nextAttemptAt: new Date(freeAt).toISOString() });
    return 'waiting';
  }

  const reservation = await reserveDailySend({ ...ctx, caps: ctx.policy.caps }, doc.phone, now);
  if (!reservation.ok) {
    ctx.logger.warn({ smsId: doc._id, reason: reservation.reason }, 'SMS refused');
    await set({ status: 'refused', lastError: reservation.reason });
    return 'refused';
  }

  const attempts = doc.attempts + 1;
  try {
    const { providerMessageId } = await ctx.sender.send({ to: doc.phone, text: doc.text });
    smsSendAttempts.inc({ outcome: 'sent' });
    await set({ status: 'sent', attempts, sentAt: ctx.clock.now().toISOString(), providerMessageId });
    return 'sent';
  } catch (error) {
    // a send that did not go costs nothing: its retry takes from the budgets again
    await reservation.release();
    const retryable = error instanceof SmsSendError ? error.retryable : true;
    const message = error instanceof Error ? error.message : String(error);
    if (!retryable || attempts >= ctx.policy.maxAttempts) {
      smsSendAttempts.inc({ outcome: 'failed' });
      ctx.logger.warn({ smsId: doc._id, attempts, err: message }, 'SMS given up');
      await set({ status: 'failed', attempts, lastError: message });
      return 'failed';
    }
    const wait = Math.max(
      backoffMs(ctx.policy, attempts),
      error instanceof SmsSendError ? (error.retryAfterMs ?? 0) : 0,
    );
    smsSendAttempts.inc({ outcome: 'retrying' });
    ctx.logger.info({ smsId: doc._id, attempts, waitMs: wait, err: message }, 'SMS will be retried');
    await set({ attempts, lastError: message, nextAttemptAt: new Date(now.getTime() + wait).toISOString() });
    return 'retrying';
  }
}
