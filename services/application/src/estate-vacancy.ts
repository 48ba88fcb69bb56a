import { calendarDay } from '@moba/contracts';
import type { AppContext } from './context';
import type { VacancyDoc } from './store';
import { errors } from './domain/errors';

/* What the roster and attendance marking both read of an estate's own vacancy. */

/** The owning estate's vacancy (not deleted), or the coded refusal. */
export async function ownVacancy(ctx: AppContext, estateId: string, vacancyId: string) {
  const vacancy = await ctx.store.vacancies.findOne({ _id: vacancyId });
  if (!vacancy || vacancy.deleted) throw errors.vacancyNotFound();
  if (vacancy.estateId !== estateId) throw errors.notVacancyOwner();
  return vacancy;
}

/** The job has started (attendance can be marked) from its start date on, on this service's clock. */
export const hasStarted = (ctx: AppContext, vacancy: VacancyDoc) =>
  vacancy.startDate <= calendarDay(ctx.clock.now());

/** The accepted applications of a vacancy, in the order they were accepted. */
export const acceptedOf = (ctx: AppContext, vacancyId: string) =>
  ctx.store.applications.find({ vacancyId, status: 'Accepted' }, { sort: { decidedAt: 1 } });
