import type { Clock, Logger } from '@moba/platform';
import type { NotificationConfig } from '../config';
import { dispatchDueSms, type DispatchContext, type SmsDispatchPolicy } from './dispatch-sms';
import { remindBeforeStart } from './remind-before-start';
import type { SmsSender } from './sms-sender';
import type { SmsStore } from './sms-store';

export const smsPolicyOf = (config: NotificationConfig): SmsDispatchPolicy => ({
  perPhoneMax: config.SMS_PER_PHONE_MAX,
  perPhoneWindowMs: config.SMS_PER_PHONE_WINDOW_MS,
  retryBaseMs: config.SMS_RETRY_BASE_MS,
  retryMaxMs: config.SMS_RETRY_MAX_MS,
  maxAttempts: config.SMS_MAX_ATTEMPTS,
  leaseMs: 60_000,
  caps: {
    perDay: config.SMS_DAY_MAX,
    perPhonePerDay: config.SMS_PER_PHONE_DAY_MAX,
    perPrefixPerDay: config.SMS_PREFIX_DAY_CAPS,
    otherPrefixesPerDay: config.SMS_OTHER_PREFIXES_DAY_MAX,
  },
});

/**
 * The SMS Clock job: queue the evening-before reminders, then send what is due. Runs on a timer and
 * when a message is queued (kick); one run at a time per instance, instances coordinate in the store.
 */
export function createSmsJob(deps: {
  sms: SmsStore;
  clock: Clock;
  logger: Logger;
  sender: SmsSender;
  config: NotificationConfig;
  onSettled?: DispatchContext['onSettled'];
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  const ctx: DispatchContext = {
    ...deps,
    policy: smsPolicyOf(deps.config),
    kick: () => tick(),
    publicUrl: deps.config.PUBLIC_URL,
  };
  const runOnce = async () => {
    const reminders = await remindBeforeStart(ctx, deps.config.SMS_REMINDER_HOUR);
    return { reminders, ...(await dispatchDueSms(ctx)) };
  };
  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((err) => deps.logger.error({ err }, 'SMS job failed; will retry'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }
  return {
    context: ctx,
    /** One run now, after the run in progress (a kick's) has finished, so its outcome is all in. */
    async runOnce() {
      while (running) await running;
      return runOnce();
    },
    start() {
      stopped = false;
      timer = setInterval(tick, deps.config.SMS_JOB_INTERVAL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      again = false;
      await running;
    },
  };
}
export type SmsJob = ReturnType<typeof createSmsJob>;
