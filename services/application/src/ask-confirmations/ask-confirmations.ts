import { ConfirmationRequested, dayAfter, calendarDay, meetingTimeOn, topics } from '@moba/contracts';
import { DuplicateKeyError, pushEvents, withEvents } from '@moba/platform';
import type { AppContext } from '../context';
import type { ApplicationDoc, VacancyDoc } from '../store';
import { dueStretch, workDaysOf, type StretchAsk } from '../domain/work-days';
import { confirmationAnsweredEvent, confirmationSettingsOf, releaseOf } from '../confirmations';
import { confirmationIdOf, type ConfirmationDoc } from '../confirmation-doc';

export interface SweepResult {
  asked: number;
  unanswered: number;
  released: number;
}

/**
 * The due-jobs sweep of confirmations, on the Clock port (ARCHITECTURE §6). Each run:
 * 1. asks: on the day before a stretch of work days, from the moba's `askAt` until its deadline, one
 *    Asked confirmation per Accepted application (a solo worker, or a crew's leader) is inserted
 *    with ConfirmationRequested in the same write. Its `_id` is `${applicationId}:${stretchStart}`,
 *    so however many instances sweep, and however often they restart, each is asked once;
 * 2. closes: an Asked one past its deadline becomes Unanswered (ConfirmationAnswered 'unanswered',
 *    channel 'deadline') by a conditional write, flagged under the 'flag' policy; under 'free' its
 *    places are to be given back;
 * 3. releases: places an answer or a deadline left to give back (also after a crash in between).
 */
export async function sweepConfirmations(ctx: AppContext): Promise<SweepResult> {
  const asked = await askDue(ctx);
  const unanswered = await closeOverdue(ctx);
  const released = await releaseLeftovers(ctx);
  if (asked + unanswered > 0) ctx.relay.kick();
  return { asked, unanswered, released };
}

async function askDue(ctx: AppContext) {
  const now = ctx.clock.now();
  const tomorrow = dayAfter(calendarDay(now));
  // Mobas under way or about to start; a moba whose days were moved past its end still has them listed.
  const vacancies = await ctx.store.vacancies.find({
    deleted: false,
    status: { $in: ['Open', 'Closed'] },
    startDate: { $lte: tomorrow },
  });
  let asked = 0;
  for (const vacancy of vacancies) {
    const due = dueStretch(workDaysOf(vacancy), confirmationSettingsOf(vacancy), now);
    if (due) asked += await askStretch(ctx, vacancy, due);
  }
  return asked;
}

async function askStretch(ctx: AppContext, vacancy: VacancyDoc, due: StretchAsk) {
  const accepted = await ctx.store.applications.find({
    vacancyId: vacancy._id,
    status: 'Accepted',
    guest: false,
  });
  const already = new Set(
    (await ctx.store.confirmations.findFields({ vacancyId: vacancy._id, stretchStart: due.start }, [])).map(
      (c) => c._id,
    ),
  );
  let asked = 0;
  for (const application of accepted) {
    if (!application.workerId || already.has(confirmationIdOf(application._id, due.start))) continue;
    if (await askOne(ctx, vacancy, application as ApplicationDoc & { workerId: string }, due)) asked++;
  }
  return asked;
}

async function askOne(
  ctx: AppContext,
  vacancy: VacancyDoc,
  application: ApplicationDoc & { workerId: string },
  due: StretchAsk,
) {
  const now = ctx.clock.now();
  const id = confirmationIdOf(application._id, due.start);
  const meeting = vacancy.dayOfWork?.meeting;
  const doc: ConfirmationDoc = {
    _id: id,
    applicationId: application._id,
    vacancyId: vacancy._id,
    estateId: vacancy.estateId,
    workerId: application.workerId,
    stretchStart: due.start,
    days: due.days,
    state: 'Asked',
    headsAccepted: application.positions,
    headsConfirmed: 0,
    channel: null,
    askedAt: now.toISOString(),
    deadline: due.deadline.toISOString(),
    answeredAt: null,
    flagged: false,
  };
  const event = ConfirmationRequested.create(
    application._id,
    {
      confirmationId: id,
      applicationId: application._id,
      vacancyId: vacancy._id,
      estateId: vacancy.estateId,
      workerId: application.workerId,
      title: vacancy.title,
      day: due.start,
      ...(meeting ? { meetingTime: meetingTimeOn(meeting, due.start) } : {}),
      heads: application.positions,
      deadline: doc.deadline,
    },
    { occurredAt: now },
  );
  try {
    await ctx.store.confirmations.insertOne(withEvents(doc, [{ topic: topics.application, event }]));
    return true;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false; // another instance (or an earlier run) asked
    throw err;
  }
}

async function closeOverdue(ctx: AppContext) {
  const now = ctx.clock.now();
  const overdue = await ctx.store.confirmations.find({
    state: 'Asked',
    deadline: { $lte: now.toISOString() },
  });
  let closed = 0;
  const policies = new Map<string, VacancyDoc | null>();
  for (const confirmation of overdue) {
    if (!policies.has(confirmation.vacancyId))
      policies.set(
        confirmation.vacancyId,
        await ctx.store.vacancies.findOne({ _id: confirmation.vacancyId }),
      );
    const vacancy = policies.get(confirmation.vacancyId);
    const policy = vacancy ? confirmationSettingsOf(vacancy).unanswered : 'flag';
    const event = confirmationAnsweredEvent(
      confirmation,
      { answer: 'unanswered', heads: 0, channel: 'deadline', answeredAt: now.toISOString() },
      now,
    );
    const changed = await ctx.store.confirmations.updateOne(
      { _id: confirmation._id, state: 'Asked' },
      pushEvents(
        {
          $set: {
            state: 'Unanswered',
            channel: 'deadline',
            answeredAt: now.toISOString(),
            flagged: policy === 'flag',
            policy,
            ...(policy === 'free' ? { release: { reason: 'unanswered' } } : {}),
          },
        },
        [{ topic: topics.application, event }],
      ),
    );
    if (changed > 0) closed++;
  }
  return closed;
}

/** Gives back the places that an answer or a deadline left to give back, then clears the mark. */
export async function releaseLeftovers(ctx: AppContext) {
  const pending = await ctx.store.confirmations.find({ release: { $exists: true } });
  let released = 0;
  for (const confirmation of pending) {
    if (await releaseOf(ctx, confirmation)) released++;
  }
  return released;
}
