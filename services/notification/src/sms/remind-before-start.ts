import { calendarDay, VACANCY_TIME_ZONE } from '@moba/contracts';
import { queueSms, type SmsContext } from './queue-sms';

/** The hour (in the vacancies' time zone) of an instant. */
const localHour = (instant: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: VACANCY_TIME_ZONE,
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(instant),
  );

const nextDay = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The Clock job of the evening before a moba: from `reminderHour` on the day before its start, each
 * accepted application of it gets one reminder. The outbox id `reminder:{applicationId}` makes the
 * reminder happen once, whether the job runs again, on another instance or after a restart.
 */
export async function remindBeforeStart(ctx: SmsContext, reminderHour: number): Promise<number> {
  const now = ctx.clock.now();
  if (localHour(now) < reminderHour) return 0;
  const tomorrow = nextDay(calendarDay(now));
  const placements = await ctx.sms.placements.find({
    startDate: tomorrow,
    cancelled: { $ne: true },
    remindedAt: { $exists: false },
  });
  let queued = 0;
  for (const placement of placements) {
    const id = `reminder:${placement._id}`;
    if (
      await queueSms(ctx, {
        id,
        recipientId: placement.recipientId,
        kind: 'reminder',
        facts: { title: placement.title, startDate: placement.startDate, vacancyId: placement.vacancyId },
      })
    )
      queued++;
    await ctx.sms.placements.updateOne({ _id: placement._id }, { $set: { remindedAt: now.toISOString() } });
  }
  return queued;
}
