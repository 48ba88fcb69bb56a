import { GUEST_PREFIX } from '../../sms/sms-reactions';
import { updateJobAlertSettings, type JobAlertContext } from '../alert-settings/alert-settings';

/**
 * A reply STOP POSAO from a phone: the job alerts of every worker with that phone stop (in the app
 * too: they asked for none of them), their alert SMS waiting to go are dropped. Other SMS go on.
 */
export async function stopJobAlertsOfPhone(ctx: JobAlertContext, phone: string): Promise<number> {
  const workers = (await ctx.sms.recipients.find({ phone })).filter((r) => !r._id.startsWith(GUEST_PREFIX));
  for (const worker of workers) await updateJobAlertSettings(ctx, worker._id, { enabled: false });
  return workers.length;
}
