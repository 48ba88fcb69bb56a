import {
  confirmationAnswerRequestFor,
  topics,
  type ConfirmationAnswerRequest,
  type ConfirmationView,
} from '@moba/contracts';
import { parseInput, pushEvents } from '@moba/platform';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import type { ConfirmationDoc } from '../confirmation-doc';
import { confirmationAnsweredEvent, releaseOf } from '../confirmations';

export const confirmationView = (c: ConfirmationDoc): ConfirmationView => ({
  id: c._id,
  applicationId: c.applicationId,
  vacancyId: c.vacancyId,
  stretchStart: c.stretchStart,
  days: c.days,
  state: c.state,
  headsAccepted: c.headsAccepted,
  headsConfirmed: c.headsConfirmed,
  channel: c.channel,
  askedAt: c.askedAt,
  deadline: c.deadline,
  answeredAt: c.answeredAt,
});

/** The latest confirmation asked of an application (the open one, when it is Asked). */
export const latestConfirmationOf = async (ctx: AppContext, applicationId: string) =>
  (await ctx.store.confirmations.find({ applicationId }, { sort: { stretchStart: -1 }, limit: 1 }))[0] ??
  null;

/**
 * The worker (a crew's leader for the crew) answers the confirmation asked of their application:
 * yes with every head accepted or fewer (the rest are given back, reason 'fewer-heads'), or no (all
 * given back, reason 'declined'). The answer and ConfirmationAnswered are one conditional write on
 * the Asked confirmation, so a second answer (or a race of two) gets CONFIRMATION_ANSWERED and one
 * past the deadline CONFIRMATION_CLOSED. Someone else's application answers as if it did not exist.
 */
export async function answerConfirmation(
  ctx: AppContext,
  workerId: string,
  applicationId: string,
  input: ConfirmationAnswerRequest,
  channel: 'app' | 'sms' = 'app',
): Promise<ConfirmationView> {
  const application = await ctx.store.applications.findOne({ _id: applicationId });
  if (!application || application.workerId !== workerId) throw errors.applicationNotFound();
  const confirmation = await latestConfirmationOf(ctx, applicationId);
  if (!confirmation) throw errors.confirmationNotAsked();
  return answerOpen(ctx, confirmation, input, channel);
}

/** Applies an answer to one confirmation (the app's route and an SMS reply both end here). */
export async function answerOpen(
  ctx: AppContext,
  confirmation: ConfirmationDoc,
  input: ConfirmationAnswerRequest,
  channel: 'app' | 'sms',
): Promise<ConfirmationView> {
  if (confirmation.state === 'Unanswered') throw errors.confirmationClosed();
  if (confirmation.state !== 'Asked') throw errors.confirmationAnswered();
  const now = ctx.clock.now();
  if (now.toISOString() >= confirmation.deadline) throw errors.confirmationClosed();
  const { answer, heads } = parseInput(confirmationAnswerRequestFor(confirmation.headsAccepted), input);
  const confirmed = answer === 'yes' ? (heads ?? confirmation.headsAccepted) : 0;
  const release =
    answer === 'no'
      ? { reason: 'declined' as const }
      : confirmed < confirmation.headsAccepted
        ? { reason: 'fewer-heads' as const, keep: confirmed }
        : undefined;
  const answeredAt = now.toISOString();
  const event = confirmationAnsweredEvent(
    confirmation,
    { answer, heads: confirmed, channel, answeredAt },
    now,
  );
  const updated = await ctx.store.confirmations.findOneAndUpdate(
    { _id: confirmation._id, state: 'Asked' },
    pushEvents(
      {
        $set: {
          state: answer === 'yes' ? 'Confirmed' : 'Declined',
          headsConfirmed: confirmed,
          channel,
          answeredAt,
          ...(release ? { release } : {}),
        },
      },
      [{ topic: topics.application, event }],
    ),
  );
  if (!updated) {
    const now = await ctx.store.confirmations.findOne({ _id: confirmation._id });
    throw now?.state === 'Unanswered' ? errors.confirmationClosed() : errors.confirmationAnswered();
  }
  ctx.relay.kick();
  // Places go back now; should that fail, the sweep gives them back (the mark stays until then).
  if (updated.release) {
    await releaseOf(ctx, updated).catch((err) =>
      ctx.logger.warn({ err, confirmationId: updated._id }, 'giving places back failed; the sweep will'),
    );
  }
  return confirmationView({ ...updated, release: undefined });
}

/**
 * An SMS reply (SmsConfirmationReceived): applied to the worker's open confirmation. When several
 * mobas asked at once, the one whose deadline is nearest is answered. A reply with nothing open, or
 * too late, changes nothing. "DA 5" from a leader with 4 accepted confirms the 4.
 */
export async function answerBySms(
  ctx: AppContext,
  reply: { workerId: string; answer: 'yes' | 'no'; heads?: number; messageId: string },
) {
  const now = ctx.clock.now().toISOString();
  const [open] = await ctx.store.confirmations.find(
    { workerId: reply.workerId, state: 'Asked', deadline: { $gt: now } },
    { sort: { deadline: 1 }, limit: 1 },
  );
  if (!open) {
    ctx.logger.info(
      { workerId: reply.workerId, messageId: reply.messageId },
      'SMS reply with nothing to confirm',
    );
    return null;
  }
  const heads =
    reply.answer === 'yes' && reply.heads !== undefined
      ? Math.min(reply.heads, open.headsAccepted)
      : undefined;
  try {
    return await answerOpen(
      ctx,
      open,
      { answer: reply.answer, ...(heads !== undefined ? { heads } : {}) },
      'sms',
    );
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === errors.confirmationAnswered().code || code === errors.confirmationClosed().code) {
      ctx.logger.info(
        { workerId: reply.workerId, messageId: reply.messageId, code },
        'SMS reply came too late',
      );
      return null;
    }
    throw err;
  }
}
