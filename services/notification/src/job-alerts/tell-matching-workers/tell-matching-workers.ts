import { notificationKeys } from '@moba/contracts';
import { chunked, insertIfNew } from '@moba/platform';
import {
  createNotifications,
  type CreateNotificationsContext,
} from '../../create-notification/create-notification';
import type { SmsContext } from '../../sms/queue-sms';
import { findMatchingAlerts } from '../find-matching-alerts/find-matching-alerts';
import type { AlertMobaDoc, JobAlertStore } from '../job-alert-store';
import { smsJobAlerts } from './job-alert-sms';

export interface TellContext extends CreateNotificationsContext {
  alerts: JobAlertStore;
  /** The SMS outbox the alert SMS are queued in (with the public address their links start with). */
  smsQueue: SmsContext;
}

/**
 * A moba became Open: every worker whose alert it meets is told, in the app (stored and pushed live)
 * and by SMS where they asked for it. Exactly once per worker and moba: the notification's id is
 * derived from the moba and the worker, the SMS's too, and `toldAt` is set only after all of them, so
 * a redelivery or a restart in the middle tells the rest and nobody twice. Once told, a moba that
 * opens again (full, then a place freed) tells nobody.
 */
export async function tellMatchingWorkers(ctx: TellContext, vacancyId: string): Promise<number> {
  const moba = await ctx.alerts.mobas.findOne({ _id: vacancyId });
  if (!moba || moba.toldAt) return 0;
  const matches = await findMatchingAlerts(ctx.alerts, moba);
  const params = {
    vacancyId,
    vacancyTitle: moba.title,
    municipality: moba.municipality,
    startDate: moba.startDate,
    dailyWage: moba.dailyWage ?? null,
  };
  await createNotifications(
    ctx,
    matches.map((m) => ({ userId: m.workerId, key: notificationKeys.jobAlert, params })),
    // the moba, not the event, names the notification: whichever event opens it, one per worker
    `jobAlert:${vacancyId}`,
  );
  const smsContext = { ...ctx.smsQueue, alerts: ctx.alerts };
  for (const run of chunked(
    matches.flatMap((m) => (m.sms ? [m.workerId] : [])),
    SMS_RUN,
  ))
    await smsJobAlerts(smsContext, moba, run);
  await ctx.alerts.mobas.updateOne({ _id: vacancyId }, { $set: { toldAt: ctx.clock.now().toISOString() } });
  return matches.length;
}

const SMS_RUN = 100;

/** VacancyCreated: what alerts ask of the moba is kept; one created Open is told at once. */
export async function rememberAlertMoba(
  ctx: TellContext,
  moba: Omit<AlertMobaDoc, 'toldAt'>,
  status: string,
): Promise<void> {
  await insertIfNew(ctx.alerts.mobas, moba);
  if (status === 'Open') await tellMatchingWorkers(ctx, moba._id);
}
