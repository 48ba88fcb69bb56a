import { todayOf, type VacancyContext } from '../context';
import { settlePending, transitionStatus } from '../vacancy-writes';

export interface AdvanceResult {
  timedOut: number;
  closed: number;
  finished: number;
}

const live = { deletedAt: { $exists: false } };

/**
 * The scheduled status job (ARCHITECTURE §6), by the Clock port: a Pending vacancy without a payment
 * outcome for PENDING_TIMEOUT_MS becomes Open (not featured); Open becomes Closed when full or once
 * its start date has passed; Open and Closed become Finished after the end date. Every move is a
 * conditional write, so running the job twice (or on two instances) changes and emits nothing more.
 */
export async function advanceStatuses(ctx: VacancyContext): Promise<AdvanceResult> {
  const now = ctx.clock.now();
  const today = todayOf(ctx);
  const result: AdvanceResult = { timedOut: 0, closed: 0, finished: 0 };
  const vacancies = ctx.store.vacancies;

  const expired = new Date(now.getTime() - ctx.config.PENDING_TIMEOUT_MS).toISOString();
  for (const doc of await vacancies.find({ ...live, status: 'Pending', pendingSince: { $lte: expired } })) {
    if (await settlePending(ctx, doc, false, 'payment-timeout')) result.timedOut++;
  }

  for (const doc of await vacancies.find({
    ...live,
    status: { $in: ['Open', 'Closed'] },
    endDate: { $lt: today },
  })) {
    if (await transitionStatus(ctx, doc, 'Finished', 'ended')) result.finished++;
  }

  const due = await vacancies.find({
    ...live,
    status: 'Open',
    $or: [{ startDate: { $lt: today } }, { freePositions: { $lte: 0 } }],
  });
  for (const doc of due) {
    const full = doc.freePositions <= 0;
    if (
      await transitionStatus(
        ctx,
        doc,
        'Closed',
        full ? 'full' : 'started',
        full ? { set: { closedFull: true } } : {},
      )
    )
      result.closed++;
  }
  return result;
}

/** Runs the job every SCHEDULER_INTERVAL_MS; overlapping runs are skipped. */
export function createStatusScheduler(ctx: VacancyContext) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = advanceStatuses(ctx)
      .catch((err) => ctx.logger.error({ err }, 'vacancy status job failed; will retry'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      timer = setInterval(tick, ctx.config.SCHEDULER_INTERVAL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
