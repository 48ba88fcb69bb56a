import type { AppContext } from '../context';
import { sweepConfirmations } from './ask-confirmations';

/**
 * Runs the confirmation sweep every `intervalMs` (and once at start); one run at a time per
 * instance. Instances need no coordination beyond the store: a request's unique `_id` and the
 * conditional state changes make a second sweeper's work a no-op.
 */
export function createConfirmationSweep(ctx: AppContext, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = sweepConfirmations(ctx)
      .catch((err) => ctx.logger.warn({ err }, 'confirmation sweep failed; will retry'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
