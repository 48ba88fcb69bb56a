import { calendarDay, JOB_ALERT_SMS_PER_DAY } from '@moba/contracts';
import { insertIfNew } from '@moba/platform';
import { endOfQuietHours } from '../../domain/quiet-hours';
import { queueSms, type SmsContext } from '../../sms/queue-sms';
import type { AlertMobaDoc, JobAlertStore } from '../job-alert-store';

export const JOB_ALERT_SMS_PREFIX = 'jobAlert:';
export const jobAlertSmsId = (vacancyId: string, workerId: string) =>
  `${JOB_ALERT_SMS_PREFIX}${vacancyId}:${workerId}`;

/** Takes one of the worker's job alert SMS of that day, or resolves false when the day's are used up. */
async function takeDailySms(alerts: JobAlertStore, workerId: string, day: string): Promise<boolean> {
  const _id = `${day}|${workerId}`;
  const take = () =>
    alerts.smsCounts.findOneAndUpdate({ _id, count: { $lt: JOB_ALERT_SMS_PER_DAY } }, { $inc: { count: 1 } });
  if (await take()) return true;
  if (await alerts.smsCounts.findOne({ _id })) return false;
  await insertIfNew(alerts.smsCounts, { _id, day, count: 0 });
  return Boolean(await take());
}

/**
 * Queues the job alert SMS of one worker through the SMS outbox (consent, STOP, provider budgets and
 * retries as every SMS). Found in quiet hours it waits for 07:00 Belgrade; past the worker's daily
 * job alert SMS (counted on the day it goes) it is not queued: the app has told them. A message that
 * is not queued (SMS off, already queued by an earlier delivery) gives its count back.
 */
async function smsJobAlert(
  ctx: SmsContext & { alerts: JobAlertStore },
  moba: AlertMobaDoc,
  workerId: string,
): Promise<boolean> {
  const notBefore = endOfQuietHours(ctx.clock.now());
  const day = calendarDay(notBefore);
  if (!(await takeDailySms(ctx.alerts, workerId, day))) return false;
  const queued = await queueSms(ctx, {
    id: jobAlertSmsId(moba._id, workerId),
    recipientId: workerId,
    kind: 'jobAlert',
    facts: { title: moba.title, startDate: moba.startDate, vacancyId: moba._id },
    notBefore,
  });
  if (!queued) await ctx.alerts.smsCounts.updateOne({ _id: `${day}|${workerId}` }, { $inc: { count: -1 } });
  return queued;
}

/**
 * The job alert SMS of a run of matched workers whose alerts ask for SMS: only those whose SMS
 * settings are on (one read for the run; most workers never turn SMS on) go on to smsJobAlert, side
 * by side, since each counts on their own daily record. Resolves how many were queued.
 */
export async function smsJobAlerts(
  ctx: SmsContext & { alerts: JobAlertStore },
  moba: AlertMobaDoc,
  workerIds: string[],
): Promise<number> {
  const recipients = await ctx.sms.recipients.findFields({ _id: { $in: workerIds } }, ['enabled', 'phone']);
  const queued = await Promise.all(
    recipients.filter((r) => r.enabled && r.phone).map((r) => smsJobAlert(ctx, moba, r._id)),
  );
  return queued.filter(Boolean).length;
}
