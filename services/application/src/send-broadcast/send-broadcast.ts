import { randomUUID } from 'node:crypto';
import {
  BROADCASTS_PER_DAY,
  BroadcastSent,
  WorkDaysChanged,
  broadcastMessageOf,
  calendarDay,
  moveWorkDay,
  topics,
  type BroadcastInput,
  type SentBroadcast,
} from '@moba/contracts';
import { DuplicateKeyError, withEvents, type PendingEvent } from '@moba/platform';
import type { AppContext } from '../context';
import type { BroadcastDoc, VacancyDoc } from '../store';
import { acceptedOf, ownVacancy } from '../estate-vacancy';
import { byId } from '../views';
import { AppError, applicationErrorCodes as codes } from '../domain/errors';
import { workDaysOf } from '../domain/work-days';
import { broadcastFingerprint, checkBroadcastDay, recipientsOf } from '../domain/broadcast';

const MOVE_ATTEMPTS = 5;

const idReused = () =>
  new AppError(codes.BROADCAST_ID_REUSED, 'this broadcastId was used for another message', [
    { field: 'broadcastId', code: codes.BROADCAST_ID_REUSED, message: 'already used for another message' },
  ]);

const answerOf = (doc: BroadcastDoc): SentBroadcast => ({
  id: doc._id,
  vacancyId: doc.vacancyId,
  ...broadcastMessageOf(doc),
  recipients: doc.recipients.length,
  sentAt: doc.sentAt,
});

/** The broadcast already sent with this id: the same message answers as before, another is refused. */
async function alreadySent(ctx: AppContext, estateId: string, id: string, fingerprint: string) {
  const existing = await ctx.store.broadcasts.findOne({ _id: id });
  if (!existing) return null;
  if (existing.estateId !== estateId || existing.fingerprint !== fingerprint) throw idReused();
  return answerOf(existing);
}

/**
 * Takes one of the moba's broadcasts of today (BROADCASTS_PER_DAY) for this broadcastId, or refuses
 * with 429. A counter changed by compare-and-set, so two sends at once never both take the last one;
 * the ids it was taken for, so retries of one broadcast (even at the same moment) take one.
 */
async function takeDailySlot(ctx: AppContext, vacancyId: string, today: string, broadcastId: string) {
  const _id = `${vacancyId}:${today}`;
  const limited = () =>
    new AppError(codes.BROADCAST_DAILY_LIMIT, `at most ${BROADCASTS_PER_DAY} broadcasts per moba a day`, [
      {
        field: 'vacancyId',
        code: codes.BROADCAST_DAILY_LIMIT,
        message: 'daily limit reached',
        limit: BROADCASTS_PER_DAY,
      },
    ]);
  for (let attempt = 0; attempt < 10; attempt++) {
    const quota = await ctx.store.broadcastQuotas.findOne({ _id });
    if (!quota) {
      try {
        await ctx.store.broadcastQuotas.insertOne({ _id, count: 1, ids: [broadcastId] });
        return;
      } catch (error) {
        if (error instanceof DuplicateKeyError) continue;
        throw error;
      }
    }
    if (quota.ids?.includes(broadcastId)) return;
    if (quota.count >= BROADCASTS_PER_DAY) throw limited();
    const taken = await ctx.store.broadcastQuotas.updateOne(
      { _id, count: quota.count },
      { $set: { count: quota.count + 1 }, $push: { ids: broadcastId } },
    );
    if (taken === 1) return;
  }
  throw limited();
}

/**
 * "No work on `day`": moves the day on the vacancy replica (compare-and-set on the version), recording
 * the move under the broadcast's id, so a retry after a crash finds it and moves nothing twice.
 */
async function moveDay(ctx: AppContext, vacancy: VacancyDoc, broadcastId: string, day: string) {
  let current: VacancyDoc | null = vacancy;
  for (let attempt = 0; attempt < MOVE_ATTEMPTS && current; attempt++) {
    const recorded = current.workDayMoves?.[broadcastId];
    if (recorded)
      return {
        from: recorded.from,
        to: recorded.to,
        version: current.workDaysVersion ?? recorded.version,
        days: workDaysOf(current),
      };
    const { days, to } = moveWorkDay(workDaysOf(current), day);
    const version = (current.workDaysVersion ?? 0) + 1;
    const moved = await ctx.store.vacancies.updateOne(
      {
        _id: current._id,
        workDaysVersion: current.workDaysVersion === undefined ? { $exists: false } : current.workDaysVersion,
      },
      {
        $set: {
          workDays: days,
          workDaysVersion: version,
          [`workDayMoves.${broadcastId}`]: { from: day, to, version },
        },
      },
    );
    if (moved === 1) return { from: day, to, version, days };
    current = await ctx.store.vacancies.findOne({ _id: vacancy._id });
    if (current && !current.workDayMoves?.[broadcastId]) {
      // someone else moved a day meanwhile: the rules are checked again on the new days
      checkBroadcastDay({
        template: 'no-work',
        day,
        workDays: workDaysOf(current),
        today: calendarDay(ctx.clock.now()),
      });
    }
  }
  throw new AppError(codes.NOT_A_WORK_DAY, 'the work days are being changed; try again');
}

/**
 * An estate sends a message to the people accepted on its moba (all days, or one day). Recorded with
 * BroadcastSent in one write (the notification service delivers it); "no work" first moves the day
 * and publishes WorkDaysChanged with it. `broadcastId` (the client's, or made here) makes a retried
 * POST answer the first one and send nothing again.
 */
export async function sendBroadcast(
  ctx: AppContext,
  estateId: string,
  vacancyId: string,
  input: BroadcastInput,
): Promise<SentBroadcast> {
  const broadcastId = input.broadcastId ?? randomUUID();
  const fingerprint = broadcastFingerprint({ vacancyId, ...input });
  const vacancy = await ownVacancy(ctx, estateId, vacancyId);
  const replay = await alreadySent(ctx, estateId, broadcastId, fingerprint);
  if (replay) return replay;

  const now = ctx.clock.now();
  const today = calendarDay(now);
  const retryOfMove = vacancy.workDayMoves?.[broadcastId];
  if (!retryOfMove)
    checkBroadcastDay({ template: input.template, day: input.day, workDays: workDaysOf(vacancy), today });

  const accepted = await acceptedOf(ctx, vacancyId);
  const workers = await byId(
    ctx.store.workers,
    accepted.flatMap((a) => [a.workerId, ...(a.crew ?? []).map((m) => m.workerId ?? null)]),
  );
  const recipients = recipientsOf(accepted, (workerId) => workers.get(workerId)?.fullName);
  if (recipients.length === 0)
    throw new AppError(codes.NO_RECIPIENTS, 'nobody accepted on this moba can receive a message');

  await takeDailySlot(ctx, vacancyId, today, broadcastId);

  const events: PendingEvent[] = [];
  let movedTo: string | undefined;
  if (input.template === 'no-work' && input.day) {
    const move = await moveDay(ctx, vacancy, broadcastId, input.day);
    movedTo = move.to;
    events.push({
      topic: topics.application,
      event: WorkDaysChanged.create(vacancyId, {
        vacancyId,
        estateId,
        days: move.days,
        moved: { from: move.from, to: move.to },
        version: move.version,
      }),
    });
  }
  const doc: BroadcastDoc = {
    _id: broadcastId,
    vacancyId,
    estateId,
    ...broadcastMessageOf({ ...input, movedTo }),
    fingerprint,
    recipients,
    sentAt: now.toISOString(),
    sentOn: today,
  };
  events.push({
    topic: topics.application,
    event: BroadcastSent.create(vacancyId, {
      broadcastId,
      vacancyId,
      estateId,
      estateName: vacancy.estateName,
      title: vacancy.title,
      ...broadcastMessageOf(doc),
      recipients,
      sentAt: doc.sentAt,
    }),
  });
  try {
    await ctx.store.broadcasts.insertOne(withEvents(doc, events));
  } catch (error) {
    // the same broadcastId sent at the same moment: the first one stands
    if (!(error instanceof DuplicateKeyError)) throw error;
    const first = await alreadySent(ctx, estateId, broadcastId, fingerprint);
    if (first) return first;
    throw error;
  }
  ctx.relay.kick();
  return answerOf(doc);
}
