import { calendarDay, type QueueFilter, type QueueHealth, type QueueVacancy } from '@moba/contracts';
import type { AppContext } from '../context';
import { isUrgent } from '../domain/queue';
import { pendingQueue } from '../pending-queue';
import { vacancyView } from '../views';

/** How the (filtered) queue stands: how many wait, the oldest wait, and per moba free places against waiting ones. */
export async function queueHealth(ctx: AppContext, filter: QueueFilter): Promise<QueueHealth> {
  const items = await pendingQueue(ctx, { ...filter, sort: 'oldest' });
  const now = ctx.clock.now();
  const today = calendarDay(now);
  const perVacancy = new Map<string, QueueVacancy>();
  for (const { application, vacancy } of items) {
    if (!vacancy) continue;
    const row = perVacancy.get(vacancy._id) ?? {
      ...vacancyView(vacancy),
      waiting: 0,
      waitingPositions: 0,
      oldestSubmittedAt: application.submittedAt,
      urgent: isUrgent(vacancy, today),
    };
    row.waiting += 1;
    row.waitingPositions += application.positions;
    perVacancy.set(vacancy._id, row);
  }
  const vacancies = [...perVacancy.values()].sort(
    (a, b) => Number(b.urgent) - Number(a.urgent) || a.oldestSubmittedAt.localeCompare(b.oldestSubmittedAt),
  );
  const oldest = items[0]?.application.submittedAt ?? null;
  return {
    waiting: items.length,
    oldestSubmittedAt: oldest,
    oldestWaitingMinutes: oldest
      ? Math.max(0, Math.floor((now.getTime() - Date.parse(oldest)) / 60_000))
      : null,
    urgentVacancies: vacancies.filter((v) => v.urgent).length,
    vacancies,
  };
}
