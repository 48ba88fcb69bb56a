import { ConfirmationAnswered, defaultConfirmationSettings } from '@moba/contracts';
import type { z } from 'zod';
import type { AppContext } from './context';
import type { VacancyDoc } from './store';
import type { ConfirmationDoc } from './confirmation-doc';
import { releasePlaces } from './release-places/release-places';

/* What the confirmation sweep (ask-confirmations), the answers (answer-confirmation) and the day board share. */

/** The confirmation settings of a moba: the estate's, or the defaults (18:00, 21:00, flag). */
export const confirmationSettingsOf = (vacancy: VacancyDoc) =>
  vacancy.dayOfWork?.confirmation ?? defaultConfirmationSettings;

/** The places one confirmation's outcome gives back (once: the mark goes with them). */
export async function releaseOf(ctx: AppContext, confirmation: ConfirmationDoc) {
  if (!confirmation.release) return false;
  const { reason, keep } = confirmation.release;
  // Given back down to `keep` heads (none: all), from what the application holds now: a second run
  // after a crash between the release and clearing the mark gives nothing back twice.
  const application = await ctx.store.applications.findOne({ _id: confirmation.applicationId });
  const heads = application && keep !== undefined ? application.positions - keep : undefined;
  const result =
    heads !== undefined && heads < 1
      ? null
      : await releasePlaces(ctx, {
          applicationId: confirmation.applicationId,
          reason,
          ...(heads !== undefined ? { heads } : {}),
        });
  await ctx.store.confirmations.updateOne(
    { _id: confirmation._id, release: { $exists: true } },
    { $unset: { release: true } },
  );
  return result !== null;
}

/** How a confirmation ended: answered in the app or by SMS, or left unanswered at its deadline. */
type ConfirmationOutcome = Pick<
  z.infer<typeof ConfirmationAnswered.data>,
  'answer' | 'heads' | 'channel' | 'answeredAt'
>;

/** The ConfirmationAnswered event of one confirmation's outcome. */
export const confirmationAnsweredEvent = (
  confirmation: ConfirmationDoc,
  outcome: ConfirmationOutcome,
  now: Date,
) =>
  ConfirmationAnswered.create(
    confirmation.applicationId,
    {
      confirmationId: confirmation._id,
      applicationId: confirmation.applicationId,
      vacancyId: confirmation.vacancyId,
      estateId: confirmation.estateId,
      workerId: confirmation.workerId,
      day: confirmation.stretchStart,
      ...outcome,
    },
    { occurredAt: now },
  );
