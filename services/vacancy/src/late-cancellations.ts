import type { VacancyContext } from './context';

/** How many times the estate gave accepted places back late. */
export const lateCancellationsOf = (ctx: VacancyContext, estateId: string) =>
  ctx.store.lateCancellations.count({ estateId });
